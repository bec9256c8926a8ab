import { useId, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { HistoryImportResult } from '../../../../../contracts/catalog.ts';
import type { DividendHistoryItem, EtfListItem, EtfSplit } from '../../../../../contracts/market.ts';
import { useGetEtfDetailQuery } from '../../../api/market-api.ts';
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

/** Distributions listed before "Show all". */
const RECENT_DISTRIBUTIONS = 8;

export const fundDataMessages = {
  imported: (what: string, r: HistoryImportResult) =>
    `${what} imported: ${r.appended} new, ${r.revised} revised, ${r.unchanged} unchanged${r.errors.length ? `, ${r.errors.length} rows skipped` : ''}`,
  importFailed: (what: string) => `Failed to import ${what.toLowerCase()}`,
  withdrawn: (date: string) => `Distribution of ${date} withdrawn`,
  withdrawFailed: 'Failed to withdraw distribution',
  split: { recorded: 'Split recorded', revised: 'Split ratio revised', unchanged: 'This split was already recorded' },
  splitFailed: 'Failed to record split',
} as const;

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
  return (
    <Sections>
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
  const { toast } = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setErrors([]);
    try {
      const csv = await file.text();
      const args = { id: etf.id, ticker: etf.ticker, csv };
      const result = await (kind === 'prices' ? importPrices(args) : importDistributions(args)).unwrap();
      setErrors(result.errors);
      toast({ title: 'Success', description: fundDataMessages.imported(what, result) });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, fundDataMessages.importFailed(what)), variant: 'destructive' });
    }
  }

  return (
    <Section aria-labelledby={`${id}-title`}>
      <SectionHeading id={`${id}-title`}>{what} (CSV)</SectionHeading>
      <FieldHint>
        {kind === 'prices'
          ? 'Columns Date and Close (unadjusted), as issuers, Yahoo and Nasdaq publish them. Known dates are revised, the same file twice changes nothing.'
          : 'Columns Ex Date and Amount (optional Pay Date and Status declared or estimated). Known ex-dates are revised, the same file twice changes nothing.'}
      </FieldHint>
      <InlineForm onSubmit={(e) => void submit(e)}>
        <TextField label={`${what} file`} type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <Button type="submit" $variant="outline" disabled={!file || busy}>
          {busy ? 'Importing...' : `Import ${what.toLowerCase()}`}
        </Button>
      </InlineForm>
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
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [withdraw, withdrawState] = useWithdrawDistributionMutation();
  const { toast } = useToast();
  const shown = showAll ? distributions : distributions.slice(0, RECENT_DISTRIBUTIONS);

  async function confirm(exDate: string) {
    try {
      await withdraw({ id: etf.id, ticker: etf.ticker, exDate, reason }).unwrap();
      toast({ title: 'Success', description: fundDataMessages.withdrawn(formatDate(exDate)) });
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
                  <Th $align="right">Amount</Th>
                  <Th $align="right">Action</Th>
                </tr>
              </thead>
              <tbody>
                {shown.map((d) => (
                  <tr key={d.exDividendDate}>
                    <Td $nowrap>
                      {formatDate(d.exDividendDate)}
                      {d.estimated ? ' (est.)' : ''}
                    </Td>
                    <Td $nowrap $hideBelow="sm">
                      {formatDate(d.payoutDate)}
                    </Td>
                    <Td $align="right">{formatDividend(d.amount)}</Td>
                    <Td $align="right">
                      {withdrawing === d.exDividendDate ? (
                        <Confirm>
                          <TextField label="Reason (optional)" value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
                          <span>
                            <Button $size="sm" $variant="destructive" disabled={withdrawState.isLoading} onClick={() => void confirm(d.exDividendDate)}>
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
                          aria-label={`Withdraw the distribution of ${formatDate(d.exDividendDate)}`}
                          onClick={() => {
                            setWithdrawing(d.exDividendDate);
                            setReason('');
                          }}
                        >
                          Withdraw
                        </Button>
                      )}
                    </Td>
                  </tr>
                ))}
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

const SkippedList = styled.ul`
  padding-left: 18px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

const SplitList = styled.ul`
  padding-left: 18px;
  font-size: ${theme.fontSizes.sm};
`;
