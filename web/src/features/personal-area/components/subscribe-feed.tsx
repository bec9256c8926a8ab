import { useState } from 'react';
import { styled } from 'styled-components';
import { AnchorButton, Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Input, FieldLabel, FieldHint } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { serverMessage } from '../../../api/base-api.ts';
import { theme } from '../../../styles/theme.ts';
import { useGetCalendarFeedQuery, useRotateCalendarFeedMutation } from '../calendar-feed-api.ts';

export const subscribeTexts = {
  button: 'Subscribe',
  title: 'Subscribe to your payouts',
  description:
    'Add this private link to Google Calendar, Apple Calendar or Outlook ("subscribe from URL"). Your payouts (shares × amount) appear there and stay up to date. Anyone with the link can see them.',
  label: 'Your private calendar link',
  copy: 'Copy link',
  copied: 'Calendar link copied to clipboard',
  open: 'Open in calendar app',
  reset: 'Reset link',
  resetHint:
    'Resetting makes a new link; calendars subscribed to the old one stop updating. A password reset and "Log out on every device" (My Account) make a new link too.',
  resetDone: 'Calendar link reset. The old link no longer works.',
  loadFailed: 'Failed to load your calendar link',
} as const;

/** "Subscribe": the private feed of the user's payouts, with copy, webcal link and reset. */
export function SubscribeFeed() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button $variant="outline" $size="sm" onClick={() => setOpen(true)}>
        {subscribeTexts.button}
      </Button>
      {open && <SubscribeDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function SubscribeDialog({ onClose }: { onClose: () => void }) {
  const { data, isError, error } = useGetCalendarFeedQuery();
  const [rotate, { isLoading: rotating }] = useRotateCalendarFeedMutation();
  const { toast } = useToast();

  const copy = async () => {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.url);
      toast({ title: subscribeTexts.copied });
    } catch {
      toast({ title: 'Error', description: 'Copy failed. Select the link and copy it yourself.', variant: 'destructive' });
    }
  };
  const reset = async () => {
    try {
      await rotate().unwrap();
      toast({ title: subscribeTexts.resetDone });
    } catch (e) {
      toast({ title: 'Error', description: serverMessage(e), variant: 'destructive' });
    }
  };

  return (
    <Dialog open onClose={onClose} title={subscribeTexts.title} description={subscribeTexts.description} width="560px">
      {isError ? (
        <ErrorText role="alert">
          {subscribeTexts.loadFailed}: {serverMessage(error)}
        </ErrorText>
      ) : (
        <>
          <FieldLabel htmlFor="calendar-feed-url">{subscribeTexts.label}</FieldLabel>
          <Input id="calendar-feed-url" readOnly value={data?.url ?? ''} aria-busy={!data} onFocus={(e) => e.currentTarget.select()} />
          <FieldHint>{subscribeTexts.resetHint}</FieldHint>
        </>
      )}
      <Actions>
        <Button onClick={copy} disabled={!data}>
          {subscribeTexts.copy}
        </Button>
        {data ? (
          <AnchorButton href={data.webcalUrl} $variant="outline">
            {subscribeTexts.open}
          </AnchorButton>
        ) : null}
        <Button $variant="ghost" onClick={reset} disabled={!data || rotating}>
          {subscribeTexts.reset}
        </Button>
      </Actions>
    </Dialog>
  );
}

const Actions = styled(DialogActions)`
  flex-wrap: wrap;
  margin-top: ${theme.space.md};
`;

const ErrorText = styled.p`
  color: ${theme.colors.negative};
  margin: 0;
`;
