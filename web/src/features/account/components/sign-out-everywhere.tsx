import { useState } from 'react';
import { styled } from 'styled-components';
import { serverMessage } from '../../../api/base-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useLogOut } from '../../../lib/session/use-log-out.ts';
import { theme } from '../../../styles/theme.ts';

export const signOutEverywhereTexts = {
  title: 'Signed-in devices',
  text: 'Signed in on a computer that is not yours, or think someone else knows your password? Log out on every device, this one included.',
  calendar:
    'This also replaces your private calendar link: calendars subscribed to the old link stop updating until you add the new one from My WeeklyDiv. A password reset does the same.',
  button: 'Log out on every device',
  confirmTitle: 'Log out on every device?',
  confirm: 'Log out everywhere',
  revokeTokens: 'Also revoke my API tokens (scripts using them stop working)',
  cancel: 'Cancel',
  done: 'Logged out on every device',
  failed: 'Logging out everywhere failed',
} as const;

/**
 * The account page's "log out everywhere" (`POST /api/logout-all`): every session ends and the private
 * calendar link is replaced (audit I1), so the card and its confirmation say both. Ends on the landing
 * page, signed out, like the header's Log Out.
 */
export function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const [revokeTokens, setRevokeTokens] = useState(false);
  const { logOutEverywhere, isLoading } = useLogOut();
  const { toast } = useToast();

  async function onConfirm() {
    try {
      await logOutEverywhere({ revokeTokens });
      toast({ title: signOutEverywhereTexts.done });
    } catch (error) {
      toast({ title: signOutEverywhereTexts.failed, description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Card aria-labelledby="sign-out-everywhere-title">
      <CardTitle as="h2" id="sign-out-everywhere-title">
        {signOutEverywhereTexts.title}
      </CardTitle>
      <CardText>{signOutEverywhereTexts.text}</CardText>
      <CardText>{signOutEverywhereTexts.calendar}</CardText>
      <Actions>
        <Button $variant="outline" onClick={() => setConfirming(true)}>
          {signOutEverywhereTexts.button}
        </Button>
      </Actions>
      {confirming && (
        <Dialog open onClose={() => setConfirming(false)} title={signOutEverywhereTexts.confirmTitle} description={signOutEverywhereTexts.calendar}>
          <Check>
            <input type="checkbox" checked={revokeTokens} onChange={(e) => setRevokeTokens(e.target.checked)} />
            <span>{signOutEverywhereTexts.revokeTokens}</span>
          </Check>
          <DialogActions>
            <Button $variant="ghost" onClick={() => setConfirming(false)}>
              {signOutEverywhereTexts.cancel}
            </Button>
            <Button $variant="destructive" onClick={onConfirm} disabled={isLoading}>
              {signOutEverywhereTexts.confirm}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}

const Actions = styled.div`
  display: flex;
  gap: 8px;
  margin-top: ${theme.space.md};
`;

const Check = styled.label`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  margin-top: ${theme.space.sm};
  input {
    margin-top: 4px;
  }
`;
