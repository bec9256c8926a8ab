import { Navigate, useSearchParams } from 'react-router-dom';
import { createGlobalStyle, styled } from 'styled-components';
import { serverMessage } from '../../../api/base-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Page, PageSubtitle, PageTitle, StateMessage } from '../../../components/ui/layout.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { download } from '../components/holdings-csv.tsx';
import { ReportBack, ReportControls, ReportSelectBox, ReportStack } from '../components/report-layout.tsx';
import { TaxYearView, defaultTaxYear, taxSummaryFileName, taxSummaryTexts as t } from '../components/tax-summary.tsx';
import { PremiumUpsell } from '../components/premium-upsell.tsx';
import { useExportTaxSummaryCsvMutation, useGetTaxSummaryQuery } from '../tax-summary-api.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * `/my-weeklydiv/tax-summary?year=2025` (issue 27): the signed-in user's distributions of one tax year,
 * per fund, split into income and return of capital (final, estimated or not published), with the
 * summary's disclaimer (not tax advice) in sight and on paper. A year selector (the years with payments,
 * newest first; the URL keeps the choice), "Download CSV" (that year's file from the server) and "Print"
 * (the browser's dialog; the print stylesheet leaves out the site's header, footer and these controls).
 * Signed out → /login. Its own lazy chunk, reached from the portfolio tab. Premium (docs/billing.md
 * "What Premium gives"): anyone else sees what it gives and the way to it.
 */
export default function TaxSummaryRoute() {
  useDocumentTitle(t.title);
  const { user, isLoading: userLoading, isPremium } = useCurrentUser();
  // read again on each visit: adding or removing a holding patches the portfolio, not this summary;
  // Premium's (the server answers 403 to anyone else): a free user's page asks for nothing
  const { data, isLoading, isError } = useGetTaxSummaryQuery(undefined, { skip: !isPremium, refetchOnMountOrArgChange: true });
  const [params, setParams] = useSearchParams();

  if (!userLoading && !user) return <Navigate to={paths.login} replace />;
  if (user && !isPremium) {
    return (
      <Page>
        <ReportBack to={paths.personalArea}>{t.back}</ReportBack>
        <PageTitle>{t.title}</PageTitle>
        <PageSubtitle>{t.subtitle}</PageSubtitle>
        <PremiumUpsell feature="taxSummary" />
      </Page>
    );
  }

  const requested = /^\d{4}$/.test(params.get('year') ?? '') ? Number(params.get('year')) : null;
  const year = requested ?? (data ? defaultTaxYear(data) : null);
  const shown = data?.years.find((y) => y.year === year) ?? null;
  // the selector lists the years with payments, and a year asked for in the URL without any
  const years = data ? [...new Set([...data.years.map((y) => y.year), ...(year === null ? [] : [year])])].sort((a, b) => b - a) : [];

  return (
    <Page data-tax-summary="">
      <PrintStyle />
      <ReportBack to={paths.personalArea} data-print-hide="">
        {t.back}
      </ReportBack>
      <PageTitle>{t.title}</PageTitle>
      <PageSubtitle>{t.subtitle}</PageSubtitle>
      {userLoading || isLoading ? (
        <StateMessage role="status">{t.loading}</StateMessage>
      ) : isError || !data ? (
        <StateMessage role="alert">{t.failed}</StateMessage>
      ) : (
        <>
          <Disclaimer role="note" aria-label="Disclaimer" data-testid="tax-disclaimer">
            {data.disclaimer}
          </Disclaimer>
          {year === null ? (
            <StateMessage>{t.empty}</StateMessage>
          ) : (
            <>
              <ReportControls data-print-hide="">
                <ReportSelectBox>
                  <SelectField label={t.yearLabel} value={String(year)} onChange={(e) => setParams({ year: e.target.value }, { replace: true })}>
                    {years.map((y) => (
                      <option key={y} value={y}>
                        {y}
                      </option>
                    ))}
                  </SelectField>
                </ReportSelectBox>
                <Actions>
                  <DownloadCsv year={year} />
                  <Button $variant="outline" onClick={() => window.print()}>
                    {t.print}
                  </Button>
                </Actions>
              </ReportControls>
              <Meta>
                {t.asOf(data.asOf)} {t.howToRead}
              </Meta>
              <ReportStack>{shown ? <TaxYearView year={shown} /> : <StateMessage>{t.emptyYear(year)}</StateMessage>}</ReportStack>
            </>
          )}
        </>
      )}
    </Page>
  );
}

/** "Download CSV": the server's file of the year (the disclaimer on its first line), saved under the server's name. */
function DownloadCsv({ year }: { year: number }) {
  const [exportCsv, { isLoading }] = useExportTaxSummaryCsvMutation();
  const { toast } = useToast();
  async function onClick() {
    try {
      const text = await exportCsv({ year }).unwrap();
      const fileName = taxSummaryFileName(year);
      download(text, fileName);
      toast({ title: t.exported, description: t.exportedDescription(fileName) });
    } catch (error) {
      toast({ title: t.exportFailed, description: serverMessage(error), variant: 'destructive' });
    }
  }
  return (
    <Button onClick={onClick} disabled={isLoading}>
      {t.download}
    </Button>
  );
}

/**
 * On paper: the summary and its disclaimer only (no site header, footer, toast or controls), black on
 * white without shadows, each fund's table kept whole where it fits.
 */
const PrintStyle = createGlobalStyle`
  @media print {
    body header,
    body footer,
    [data-print-hide],
    [data-testid='toast'] {
      display: none !important;
    }
    body {
      background: #fff;
    }
    [data-tax-summary] section {
      box-shadow: none;
      break-inside: avoid;
    }
  }
`;

const Disclaimer = styled.p`
  margin: ${theme.space.lg} 0 0;
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${theme.colors.warningBorder};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warningText};
  font-size: ${theme.fontSizes.sm};
  @media print {
    color: #000;
    background: #fff;
    border-color: #000;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

const Meta = styled.p`
  margin: ${theme.space.md} 0 0;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

