import { useId, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { HistoryImportResult } from '../../../../../contracts/catalog.ts';
import type { DistributionKind, DividendHistoryItem, EtfListItem, EtfSplit } from '../../../../../contracts/market.ts';
import { isApiError } from '../../../api/base-api.ts';
import { useGetEtfDetailQuery } from '../../../api/market-api.ts';
import { KIND_LABELS, isOneOff } from '../../../components/kind-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FieldHint, TextField } from '../../../components/ui/input.tsx';
import { StateMessage } from '../../../components/ui/layout.tsx';
import { Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatDate, formatDividend } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';
import { useImportDistributionsMutation, useImportPricesMutation, useRecordSplitMutation, useWithdrawDistributionMutation } from '../api.ts';
import { failureMessage } from '../failure-message.ts';
import { frequencyWarning } from '../frequency-warning.ts';

/** Distributions listed before "Show all". */
const RECENT_DISTRIBUTIONS = 8;

export const fundDataMessages = {
  imported: (what: string, r: HistoryImportResult) =>
    `${what} imported: ${r.appended} new, ${r.revised} revised, ${r.unchanged} unchanged${r.errors.length ? `, ${r.errors.length} rows skipped` : ''}`,
  importFailed: (what: string) => `Failed to import ${what.toLowerCase()}`,
  withdrawn: (date: string, kind: DistributionKind = 'regular') => `${isOneOff(kind) ? `${KIND_LABELS[kind]} distribution` : 'Distribution'} of ${date} withdrawn`,
  withdrawFailed: 'Failed to withdraw distribution',
  split: { recorded: 'Split recorded', revised: 'Split ratio revised', unchanged: 'This split was already recorded' },
  splitFailed: 'Failed to record split',
} as const;

/** The rows of a refused file (400 with `errors` by line: every row was refused), as the import lists them. */
function refusedRows(error: unknown): HistoryImportResult['errors'] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null || !('errors' in error.data)) return [];
  const errors = (error.data as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors as Record<string, unknown>).flatMap(([key, message]) => {
    const line = /^line (\d+)$/.exec(key);
    return line && typeof message === 'string' ? [{ line: Number(line[1]), message }] : [];
  });
}

interface FundDataDialogProps {
  etf: EtfListItem | null;
  onClose: () => void;
}

/**
 * One fund's market data, reached from its row: price and distribution history CSV imports, the
 * distributions with a withdrawal each, the splits with a form to record one (the routes of
 * docs/data-operations.md; their validation messages are shown as the server words them).
 */
export function FundDataDialog({ etf, onClose }: FundDataDialogProps) {
  return (
    <Dialog open={etf !== null} onClose={onClose} title={etf ? `${etf.ticker} data` : ''} description={etf?.name} width="760px">
      {etf ? <FundData etf={etf} /> : null}
    </Dialog>
  );
}

function FundData({ etf }: { etf: EtfListItem }) {
  const detail = useGetEtfDetailQuery(etf.ticker);
  const warning = frequencyWarning(detail.data ?? etf);
  return (
    <Sections>
      {warning ? (
        <Warning role="note" data-testid="frequency-warning">
          {warning}
        </Warning>
      ) : null}
      <HistoryImport etf={etf} kind="prices" />
      <HistoryImport etf={etf} kind="distributions" />
      {detail.isLoading ? (
        <StateMessage role="status">Loading distributions and splits...</StateMessage>
      ) : detail.isError || !detail.data ? (
        <StateMessage>Failed to load data</StateMessage>
      ) : (
        <>
          <Distributions etf={etf} distributions={detail.data.dividendHistory} />
          <Splits etf={etf} splits={detail.data.splits} />
        </>
      )}
    </Sections>
  );
}

function HistoryImport({ etf, kind }: { etf: EtfListItem; kind: 'prices' | 'distributions' }) {
  const id = useId();
  const what = kind === 'prices' ? 'Price history' : 'Distribution history';
  const [importPrices, prices] = useImportPricesMutation();
  const [importDistributions, distributions] = useImportDistributionsMutation();
  const busy = prices.isLoading || distributions.isLoading;
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<HistoryImportResult['errors']>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const { toast } = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setErrors([]);
    setWarnings([]);
    try {
      const csv = await file.text();
      const args = { id: etf.id, ticker: etf.ticker, csv };
      let result: HistoryImportResult;
      if (kind === 'prices') result = await importPrices(args).unwrap();
      else {
        const distributed = await importDistributions(args).unwrap();
        // what the owner should know about the figures after it (payouts that contradict the catalog frequency)
        setWarnings(distributed.warnings);
        result = distributed;
      }
      setErrors(result.errors);
      toast({ title: 'Success', description: fundDataMessages.imported(what, result) });
    } catch (error) {
      // a file whose every row was refused: each row's reason, as for the rows skipped of a file that imported
      setErrors(refusedRows(error));
      toast({ title: 'Error', description: failureMessage(error, fundDataMessages.importFailed(what)), variant: 'destructive' });
    }
  }

  return (
    <Section aria-labelledby={`${id}-title`}>
      <SectionHeading id={`${id}-title`}>{what} (CSV)</SectionHeading>
      <FieldHint>
        {kind === 'prices'
          ? 'Columns Date and Close (unadjusted), as issuers, Yahoo and Nasdaq publish them. Known dates are revised, the same file twice changes nothing.'
          : 'Columns Ex Date and Amount (optional Pay Date, Status declared or estimated, and Type regular, special or capital gain: a special beside the regular payout of an ex-date is its own row). Known ex-dates are revised, the same file twice changes nothing.'}
      </FieldHint>
      <InlineForm onSubmit={(e) => void submit(e)}>
        <TextField label={`${what} file`} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <Button type="submit" $variant="outline" disabled={!file || busy}>
          {busy ? 'Importing...' : `Import ${what.toLowerCase()}`}
        </Button>
      </InlineForm>
      {warnings.length > 0 ? (
        <WarningList aria-label={`${what} warnings`}>
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </WarningList>
      ) : null}
      {errors.length > 0 ? (
        <SkippedList aria-label={`${what} rows skipped`}>
          {errors.map((e) => (
            <li key={e.line}>
              Line {e.line}: {e.message}
            </li>
          ))}
        </SkippedList>
      ) : null}
    </Section>
  );
}

function Distributions({ etf, distributions }: { etf: EtfListItem; distributions: readonly DividendHistoryItem[] }) {
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  /** The row being withdrawn: ex-date and kind (a special may share the ex-date of the regular payout). */
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [withdraw, withdrawState] = useWithdrawDistributionMutation();
  const { toast } = useToast();
  const shown = showAll ? distributions : distributions.slice(0, RECENT_DISTRIBUTIONS);

  async function confirm(exDate: string, kind: DistributionKind) {
    try {
      await withdraw({ id: etf.id, ticker: etf.ticker, exDate, kind, reason }).unwrap();
      toast({ title: 'Success', description: fundDataMessages.withdrawn(formatDate(exDate), kind) });
      setWithdrawing(null);
      setReason('');
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, fundDataMessages.withdrawFailed), variant: 'destructive' });
    }
  }

  return (
    <Section aria-labelledby={`${id}-title`}>
      <SectionHeading id={`${id}-title`}>Distributions</SectionHeading>
      {distributions.length === 0 ? (
        <FieldHint>No distributions recorded.</FieldHint>
      ) : (
        <>
          <FieldHint>A withdrawn distribution no longer counts in any figure (a wrong row from a provider or an import).</FieldHint>
          <TableScroll>
            <Table aria-label={`${etf.ticker} distributions`}>
              <thead>
                <tr>
                  <Th>Ex-date</Th>
                  <Th $hideBelow="sm">Pay date</Th>
                  <Th>Type</Th>
                  <Th $align="right">Amount</Th>
                  <Th $align="right">Action</Th>
                </tr>
              </thead>
              <tbody>
                {shown.map((d) => {
                  const kind: DistributionKind = isOneOff(d.kind) ? d.kind : 'regular';
                  const row = `${d.exDividendDate}|${kind}`;
                  const what = isOneOff(kind) ? `the ${KIND_LABELS[kind].toLowerCase()} distribution` : 'the distribution';
                  return (
                    <tr key={row}>
                      <Td $nowrap>
                        {formatDate(d.exDividendDate)}
                        {d.estimated ? ' (est.)' : ''}
                      </Td>
                      <Td $nowrap $hideBelow="sm">
                        {formatDate(d.payoutDate)}
                      </Td>
                      <Td $nowrap>{isOneOff(kind) ? KIND_LABELS[kind] : 'Regular'}</Td>
                      <Td $align="right">{formatDividend(d.amount)}</Td>
                      <Td $align="right">
                        {withdrawing === row ? (
                          <Confirm>
                            <TextField label="Reason (optional)" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
                            <span>
                              <Button $size="sm" $variant="destructive" disabled={withdrawState.isLoading} onClick={() => void confirm(d.exDividendDate, kind)}>
                                Confirm withdrawal
                              </Button>{' '}
                              <Button $size="sm" $variant="ghost" onClick={() => setWithdrawing(null)}>
                                Cancel
                              </Button>
                            </span>
                          </Confirm>
                        ) : (
                          <Button
                            $size="sm"
                            $variant="outline"
                            aria-label={`Withdraw ${what} of ${formatDate(d.exDividendDate)}`}
                            onClick={() => {
                              setWithdrawing(row);
                              setReason('');
                            }}
                          >
                            Withdraw
                          </Button>
                        )}
                      </Td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </TableScroll>
          {distributions.length > RECENT_DISTRIBUTIONS ? (
            <Button $size="sm" $variant="ghost" onClick={() => setShowAll((s) => !s)}>
              {showAll ? 'Show recent' : `Show all ${distributions.length}`}
            </Button>
          ) : null}
        </>
      )}
    </Section>
  );
}

function Splits({ etf, splits }: { etf: EtfListItem; splits: readonly EtfSplit[] }) {
  const id = useId();
  const [exDate, setExDate] = useState('');
  const [oldRate, setOldRate] = useState('');
  const [newRate, setNewRate] = useState('');
  const [record, recording] = useRecordSplitMutation();
  const { toast } = useToast();
  const canSave = exDate !== '' && oldRate.trim() !== '' && newRate.trim() !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    try {
      const split = await record({ id: etf.id, ticker: etf.ticker, split: { exDate, oldRate: oldRate.trim(), newRate: newRate.trim() } }).unwrap();
      toast({ title: 'Success', description: `${fundDataMessages.split[split.status]}: ${split.description} on ${formatDate(split.exDate)}` });
      setExDate('');
      setOldRate('');
      setNewRate('');
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, fundDataMessages.splitFailed), variant: 'destructive' });
    }
  }

  return (
    <Section aria-labelledby={`${id}-title`}>
      <SectionHeading id={`${id}-title`}>Splits</SectionHeading>
      {splits.length === 0 ? (
        <FieldHint>No splits recorded.</FieldHint>
      ) : (
        <SplitList>
          {splits.map((s) => (
            <li key={s.exDate}>
              {s.description} on {formatDate(s.exDate)}
              {s.upcoming ? ' (upcoming)' : ''}
            </li>
          ))}
        </SplitList>
      )}
      <FieldHint>A 1-for-10 reverse split is old rate 10, new rate 1; the ex-date is the first session on the new shares.</FieldHint>
      <SplitForm onSubmit={(e) => void submit(e)} aria-label={`Record a split of ${etf.ticker}`}>
        <TextField label="Ex-date" type="date" value={exDate} onChange={(e) => setExDate(e.target.value)} />
        <TextField label="Old rate" inputMode="decimal" value={oldRate} onChange={(e) => setOldRate(e.target.value)} />
        <TextField label="New rate" inputMode="decimal" value={newRate} onChange={(e) => setNewRate(e.target.value)} />
        <Button type="submit" $variant="outline" disabled={!canSave || recording.isLoading}>
          {recording.isLoading ? 'Recording...' : 'Record split'}
        </Button>
      </SplitForm>
    </Section>
  );
}

const Sections = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  margin-top: ${theme.space.md};
`;

const Section = styled.section`
  display: grid;
  gap: ${theme.space.sm};
  min-width: 0;
`;

const SectionHeading = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: 700;
`;

const InlineForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space.sm};
  & > :first-child {
    flex: 1 1 220px;
  }
`;

const SplitForm = styled.form`
  display: grid;
  gap: ${theme.space.sm};
  align-items: end;
  @media (min-width: ${theme.breakpoints.sm}px) {
    grid-template-columns: 1.4fr 1fr 1fr auto;
  }
`;

const Confirm = styled.span`
  display: inline-grid;
  gap: ${theme.space.xs};
  text-align: left;
`;

const Warning = styled.p`
  margin: 0;
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${theme.colors.warningBorder};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warningText};
  font-size: ${theme.fontSizes.sm};
`;

const WarningList = styled.ul`
  padding-left: 18px;
  color: ${theme.colors.warningText};
  font-size: ${theme.fontSizes.sm};
`;

const SkippedList = styled.ul`
  padding-left: 18px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

const SplitList = styled.ul`
  padding-left: 18px;
  font-size: ${theme.fontSizes.sm};
`;
