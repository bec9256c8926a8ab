import { useRef, useState, type ChangeEvent } from 'react';
import { styled } from 'styled-components';
import type { DividendHistoryImportResult } from '../../../../../contracts/payouts.ts';
import { serverMessage } from '../../../api/base-api.ts';
import { useImportDividendHistoryMutation } from '../../../api/payouts-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatMoney, formatShortDate } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';

/** The import's size limit (the server's DIVIDEND_HISTORY_LIMIT_BYTES): a larger file is refused before it is sent. */
export const DIVIDEND_HISTORY_MAX_BYTES = 512 * 1024;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const dividendHistoryTexts = {
  button: 'Import dividend history',
  importing: 'Importing…',
  fileLabel: 'Dividend history CSV file to import',
  hint: 'The account activity or transactions download of Fidelity, Schwab, Robinhood, E*TRADE, Vanguard or Interactive Brokers: its dividends confirm the payouts of the holdings you entered by hand.',
  tooLarge: 'The file is larger than 512 KB. Download a shorter period.',
  failed: 'Import failed',
  imported: 'Dividend history imported',
  summary: (r: DividendHistoryImportResult) =>
    `${plural(r.lines, 'dividend line', 'dividend lines')} read: ${r.matched} matched to your payouts, ${r.unmatched.length} not matched${r.errors.length ? `, ${plural(r.errors.length, 'line', 'lines')} not readable` : ''}.${r.recorded === 0 ? ' Nothing new since the last import.' : ''}`,
  reportTitle: 'Dividend history import',
  unmatchedTitle: 'Not matched to a payout (a fund you do not hold by hand, or no payout within 3 business days)',
  errorsTitle: 'Lines not readable',
  line: (line: number) => `Line ${line}`,
  record: (symbol: string, amount: string, date: string) => `${symbol} ${formatMoney(amount.replace(/^-/, ''))} on ${formatShortDate(date)}`,
  dismiss: 'Dismiss',
} as const;

/**
 * "Import dividend history" (issue 28, docs/payouts.md "Dividend history files"): file picker → upload →
 * a report of the lines read, how many confirmed a payout and each one that did not (and each line
 * that could not be read), until dismissed. The payout states everywhere are read again.
 */
export function DividendHistoryImport() {
  const t = dividendHistoryTexts;
  const [importHistory, { isLoading }] = useImportDividendHistoryMutation();
  const [report, setReport] = useState<DividendHistoryImportResult | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { toast } = useToast();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (file.size > DIVIDEND_HISTORY_MAX_BYTES) {
      toast({ title: t.failed, description: t.tooLarge, variant: 'destructive' });
      return;
    }
    try {
      const result = await importHistory({ csv: await file.text() }).unwrap();
      setReport(result);
      toast({ title: t.imported, description: t.summary(result) });
    } catch (e) {
      setReport(null);
      toast({ title: t.failed, description: serverMessage(e), variant: 'destructive' });
    }
  };

  return (
    <>
      <Button $variant="outline" onClick={() => input.current?.click()} disabled={isLoading} title={t.hint}>
        {isLoading ? t.importing : t.button}
      </Button>
      <HiddenInput ref={input} type="file" accept=".csv,text/csv" aria-label={t.fileLabel} onChange={onFile} tabIndex={-1} />
      {report ? (
        <Report role="status" aria-label={t.reportTitle} data-testid="dividend-history-report">
          <Head>
            <strong>{t.summary(report)}</strong>
            <Button $variant="ghost" $size="sm" onClick={() => setReport(null)}>
              {t.dismiss}
            </Button>
          </Head>
          {report.unmatched.length > 0 ? (
            <>
              <ListTitle>{t.unmatchedTitle}</ListTitle>
              <List>
                {report.unmatched.map((r) => (
                  <li key={r.id}>
                    <LineNo>{t.line(r.line)}</LineNo>: {t.record(r.symbol, r.amount, r.date)}
                  </li>
                ))}
              </List>
            </>
          ) : null}
          {report.errors.length > 0 ? (
            <>
              <ListTitle>{t.errorsTitle}</ListTitle>
              <List $negative>
                {report.errors.map((e) => (
                  <li key={`${e.line}:${e.message}`}>
                    <LineNo>{t.line(e.line)}</LineNo>: {e.message}
                  </li>
                ))}
              </List>
            </>
          ) : null}
        </Report>
      ) : null}
    </>
  );
}

const HiddenInput = styled.input`
  display: none;
`;

const Report = styled.div`
  flex-basis: 100%;
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
  font-size: ${theme.fontSizes.sm};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const ListTitle = styled.p`
  margin: ${theme.space.sm} 0 0;
  font-weight: 600;
`;

const List = styled.ul<{ $negative?: boolean }>`
  margin: ${theme.space.xs} 0 0;
  padding-left: 1.25rem;
  max-height: 240px;
  overflow-y: auto;
  color: ${(p) => (p.$negative ? theme.colors.negative : 'inherit')};
`;

const LineNo = styled.span`
  font-variant-numeric: tabular-nums;
  font-weight: 600;
`;
