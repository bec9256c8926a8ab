import { useState } from 'react';
import { styled } from 'styled-components';
import type { exportUserData } from '../../../../../contracts/export.ts';
import { call, fetchFile, isApiError, serverMessage } from '../../../api/base-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { marketToday } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';

export const downloadDataTexts = {
  title: 'Download my data',
  text: 'One zip file with everything your account holds, as spreadsheets (CSV) and JSON: your profile, holdings, favorites, alert settings, income goal, every payout of your holdings, your support requests, your API tokens and webhooks (never their secrets). A README inside explains each file.',
  premium: 'As a Premium member, your income by month and your tax-year summary are included.',
  free: 'With Premium, your income by month and your tax-year summary are included too.',
  calendar: 'Your private calendar link is left out: it is a key to your payout calendar, and a copied file should not open it.',
  button: 'Download my data',
  busy: 'Preparing your download...',
  done: 'Your data is downloaded',
  doneDescription: (fileName: string) => `Saved as ${fileName}.`,
  failed: 'Download failed',
  signedOut: 'Your session has ended. Log in again to download your data.',
} as const;

/** The server names the file (`weeklydiv-export-YYYY-MM-DD.zip`, New York's date); the same name if it does not say. */
const fallbackName = () => `weeklydiv-export-${marketToday()}.zip`;

/**
 * The account page's "Download my data" (`GET /api/user/export`, docs/accounts-and-security.md "Your
 * data"): the zip is fetched, then saved under the server's name; a failure is a toast with the reason
 * (a plain link would save the error's JSON as a file, or nothing, without a word).
 */
export function DownloadDataCard({ isPremium }: { isPremium: boolean }) {
  const t = downloadDataTexts;
  const [busy, setBusy] = useState(false);
  const { toast } = useToast();

  async function onClick() {
    setBusy(true);
    try {
      const { blob, fileName } = await fetchFile(call<typeof exportUserData>('GET /api/user/export', { headers: { Accept: 'application/zip' } }));
      const name = fileName ?? fallbackName();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      // after the click has handed the file to the browser
      setTimeout(() => URL.revokeObjectURL(url), 0);
      toast({ title: t.done, description: t.doneDescription(name) });
    } catch (error) {
      const description = isApiError(error) && error.status === 401 ? t.signedOut : serverMessage(error);
      toast({ title: t.failed, description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card aria-labelledby="download-data-title" data-testid="download-data">
      <CardTitle as="h2" id="download-data-title">
        {t.title}
      </CardTitle>
      <CardText>{t.text}</CardText>
      <CardText>{isPremium ? t.premium : t.free}</CardText>
      <CardText>{t.calendar}</CardText>
      <Actions>
        <Button $variant="outline" onClick={() => void onClick()} disabled={busy}>
          {busy ? t.busy : t.button}
        </Button>
      </Actions>
    </Card>
  );
}

const Actions = styled.div`
  display: flex;
  gap: 8px;
  margin-top: ${theme.space.md};
`;
