import { styled } from 'styled-components';
import type { exportUserData } from '../../../../../contracts/export.ts';
import type { RouteOf } from '../../../../../contracts/endpoint.ts';
import { AnchorButton } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { theme } from '../../../styles/theme.ts';

/** The export's route, checked against its definition (contracts/export.ts) by the type-checker. */
const EXPORT_ROUTE: RouteOf<typeof exportUserData> = 'GET /api/user/export';
export const EXPORT_URL = EXPORT_ROUTE.slice('GET '.length);

export const downloadDataTexts = {
  title: 'Download my data',
  text: 'One zip file with everything your account holds, as spreadsheets (CSV) and JSON: your profile, holdings, favorites, alert settings, income goal, every payout of your holdings and your support requests. A README inside explains each file.',
  premium: 'As a Premium member, your income by month and your tax-year summary are included.',
  free: 'With Premium, your income by month and your tax-year summary are included too.',
  calendar: 'Your private calendar link is left out: it is a key to your payout calendar, and a copied file should not open it.',
  button: 'Download my data',
} as const;

/**
 * The account page's "Download my data" (`GET /api/user/export`, docs/accounts-and-security.md "Your
 * data"): a plain link to the zip. The browser downloads it under the server's name
 * (`weeklydiv-export-YYYY-MM-DD.zip`) as it arrives: no copy of the file in the page's memory.
 */
export function DownloadDataCard({ isPremium }: { isPremium: boolean }) {
  const t = downloadDataTexts;
  return (
    <Card aria-labelledby="download-data-title" data-testid="download-data">
      <CardTitle as="h2" id="download-data-title">
        {t.title}
      </CardTitle>
      <CardText>{t.text}</CardText>
      <CardText>{isPremium ? t.premium : t.free}</CardText>
      <CardText>{t.calendar}</CardText>
      <Actions>
        <AnchorButton href={EXPORT_URL} download $variant="outline">
          {t.button}
        </AnchorButton>
      </Actions>
    </Card>
  );
}

const Actions = styled.div`
  display: flex;
  gap: 8px;
  margin-top: ${theme.space.md};
`;
