import { Fragment, useId, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { CharacterImportResult, DistributionJson, DistributionRequest, HistoryImportResult } from '../../../../../contracts/catalog.ts';
import type { DistributionKind, DividendHistoryItem, EtfListItem, EtfSplit } from '../../../../../contracts/market.ts';
import { isApiError } from '../../../api/base-api.ts';
import { useGetEtfDetailQuery } from '../../../api/market-api.ts';
import { KIND_LABELS, isOneOff } from '../../../components/kind-badge.tsx';
import { RocCell, RocHeader } from '../../../components/payout-character.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FieldHint, TextField } from '../../../components/ui/input.tsx';
import { StateMessage } from '../../../components/ui/layout.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatDate, formatDividend } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';
import {
  useImportCharactersMutation,
  useImportDistributionsMutation,
  useImportPricesMutation,
  usePutDistributionMutation,
  useRecordSplitMutation,
  useWithdrawDistributionMutation,
} from '../api.ts';
import { failureMessage } from '../failure-message.ts';
import { frequencyWarning } from '../frequency-warning.ts';

/** Distributions listed before "Show all". */
const RECENT_DISTRIBUTIONS = 8;

export const fundDataMessages = {
  imported: (what: string, r: HistoryImportResult) =>
    `${what} imported: ${r.appended} new, ${r.revised} revised, ${r.unchanged} unchanged${r.errors.length ? `, ${r.errors.length} rows skipped` : ''}`,
  importFailed: (what: string) => `Failed to import ${what.toLowerCase()}`,
  withdrawn: (date: string, kind: DistributionKind = 'regular') => `${distributionLabel(kind)} of ${date} withdrawn`,
  withdrawFailed: 'Failed to withdraw distribution',
  updated: (date: string, kind: DistributionKind, result: DistributionJson['result']) =>
    `${distributionLabel(kind)} of ${date} ${result === 'recorded' ? 'recorded' : result === 'revised' ? 'updated' : 'unchanged: it already had these values'}`,
  updateFailed: 'Failed to update distribution',
  characterImported: (r: CharacterImportResult) =>
    `Year-end character imported: ${r.updated} updated, ${r.unchanged} unchanged${r.errors.length ? `, ${r.errors.length} rows skipped` : ''}`,
  characterImportFailed: 'Failed to import year-end character',
  split: { recorded: 'Split recorded', revised: 'Split ratio revised', unchanged: 'This split was already recorded' },
  splitFailed: 'Failed to record split',
} as const;

function distributionLabel(kind: DistributionKind): string {
  return isOneOff(kind) ? `${KIND_LABELS[kind]} distribution` : 'Distribution';
}

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

/** The server's message for each field of a refused request (400 `errors: { field: message }`). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null || !('errors' in error.data)) return {};
  const errors = (error.data as { errors?: unknown }).errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

interface FundDataDialogProps {
  etf: EtfListItem | null;
  onClose: () => void;
}

/**
 * One fund's market data, reached from its row: price and distribution history CSV imports, the
 * year-end character CSV import (issue 27), the distributions with their return of capital and an edit
 * form and a withdrawal each, the splits with a form to record one (the routes of
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
      <CharacterImport etf={etf} />
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
          : 'Columns Ex Date and Amount (optional Pay Date, Status declared or estimated, Type regular, special or capital gain: a special beside the regular payout of an ex-date is its own row, and ROC %: the estimated return of capital, 0 to 100, an empty cell keeps a known estimate). Known ex-dates are revised, the same file twice changes nothing.'}
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
      <LineErrors label={`${what} rows skipped`} errors={errors} />
    </Section>
  );
}

/**
 * The fund's year-end character file (Form 8937 / 1099-DIV figures per ex-date): the final figures replace
 * the estimates in every figure. The counts stay shown under the form, with each row not recorded by line.
 */
function CharacterImport({ etf }: { etf: EtfListItem }) {
  const id = useId();
  const [importCharacters, importing] = useImportCharactersMutation();
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState<CharacterImportResult | null>(null);
  const [errors, setErrors] = useState<CharacterImportResult['errors']>([]);
  const { toast } = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setDone(null);
    setErrors([]);
    try {
      const result = await importCharacters({ id: etf.id, ticker: etf.ticker, csv: await file.text() }).unwrap();
      setDone(result);
      setErrors(result.errors);
      toast({ title: 'Success', description: fundDataMessages.characterImported(result) });
    } catch (error) {
      // no row recorded (400): each row's reason, by line
      setErrors(refusedRows(error));
      toast({ title: 'Error', description: failureMessage(error, fundDataMessages.characterImportFailed), variant: 'destructive' });
    }
  }

  return (
    <Section aria-labelledby={`${id}-title`}>
      <SectionHeading id={`${id}-title`}>Year-end character (CSV)</SectionHeading>
      <FieldHint>
        Columns Ex Date, Ordinary %, Qualified %, Capital Gain % and Return of Capital % (the fund's Form 8937 / 1099-DIV figures; ordinary is the
        non-qualified part), adding up to 100; an empty cell is 0; optional Type (regular, special or capital gain). The final figures replace the ROC
        estimate in every figure, the estimate stays shown; the same file twice changes nothing.
      </FieldHint>
      <InlineForm onSubmit={(e) => void submit(e)}>
        <TextField label="Year-end character file" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <Button type="submit" $variant="outline" disabled={!file || importing.isLoading}>
          {importing.isLoading ? 'Importing...' : 'Import year-end character'}
        </Button>
      </InlineForm>
      {done ? (
        <FieldHint role="status" data-testid="character-import-counts">
          {done.updated} updated, {done.unchanged} unchanged
        </FieldHint>
      ) : null}
      <LineErrors label="Year-end character rows not recorded" errors={errors} />
    </Section>
  );
}

function Distributions({ etf, distributions }: { etf: EtfListItem; distributions: readonly DividendHistoryItem[] }) {
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  /** The row being withdrawn: ex-date and kind (a special may share the ex-date of the regular payout). */
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  /** The row being edited (ex-date and kind), its form on the line under it. */
  const [editing, setEditing] = useState<string | null>(null);
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
          <FieldHint>
            An edited distribution is the owner's (above every provider); a withdrawn one no longer counts in any figure (a wrong row from a provider
            or an import). ROC: the return of capital of each payout, the estimate until the year-end character is imported.
          </FieldHint>
          <TableScroll>
            <Table aria-label={`${etf.ticker} distributions`}>
              <thead>
                <tr>
                  <Th>Ex-date</Th>
                  <Th $hideBelow="sm">Pay date</Th>
                  <Th>Type</Th>
                  <Th $align="right">Amount</Th>
                  <Th>
                    <RocHeader />
                  </Th>
                  <Th $align="right">Action</Th>
                </tr>
              </thead>
              <tbody>
                {shown.map((d) => {
                  const kind: DistributionKind = isOneOff(d.kind) ? d.kind : 'regular';
                  const row = `${d.exDividendDate}|${kind}`;
                  const what = isOneOff(kind) ? `the ${KIND_LABELS[kind].toLowerCase()} distribution` : 'the distribution';
                  return (
                    <Fragment key={row}>
                      <tr>
                        <Td $nowrap>
                          {formatDate(d.exDividendDate)}
                          {d.estimated ? ' (est.)' : ''}
                        </Td>
                        <Td $nowrap $hideBelow="sm">
                          {formatDate(d.payoutDate)}
                        </Td>
                        <Td $nowrap>{isOneOff(kind) ? KIND_LABELS[kind] : 'Regular'}</Td>
                        <Td $align="right">{formatDividend(d.amount)}</Td>
                        <Td>
                          <RocCell item={d} />
                        </Td>
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
                            <Actions>
                              <Button
                                $size="sm"
                                $variant="outline"
                                aria-label={`Edit ${what} of ${formatDate(d.exDividendDate)}`}
                                aria-expanded={editing === row}
                                onClick={() => setEditing((e) => (e === row ? null : row))}
                              >
                                Edit
                              </Button>
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
                            </Actions>
                          )}
                        </Td>
                      </tr>
                      {editing === row ? (
                        <tr>
                          <Td colSpan={6}>
                            <DistributionForm etf={etf} item={d} kind={kind} onDone={() => setEditing(null)} />
                          </Td>
                        </tr>
                      ) : null}
                    </Fragment>
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

type Status = NonNullable<DistributionRequest['status']>;

/**
 * The owner's edit of one distribution (PUT …/distributions/{exDate}?kind=): its amount as declared, its
 * status, its ROC estimate (emptied: none published, the payout counts as income until the year-end
 * character) and, when given, its record and pay dates (left empty: a known one stays). Each field the
 * server refuses shows its message under it.
 */
function DistributionForm({ etf, item, kind, onDone }: { etf: EtfListItem; item: DividendHistoryItem; kind: DistributionKind; onDone: () => void }) {
  const [amount, setAmount] = useState(item.declaredAmount);
  const [status, setStatus] = useState<Status>(item.estimated ? 'estimated' : 'declared');
  const [roc, setRoc] = useState(item.rocEstimatePercent ?? '');
  const [recordDate, setRecordDate] = useState('');
  const [payDate, setPayDate] = useState('');
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [save, saving] = usePutDistributionMutation();
  const { toast } = useToast();
  const date = formatDate(item.exDividendDate);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setRefused({});
    const distribution: DistributionRequest = {
      amount: amount.trim(),
      status,
      rocEstimatePercent: roc.trim() === '' ? null : roc.trim(),
      ...(recordDate ? { recordDate } : {}),
      ...(payDate ? { payDate } : {}),
    };
    try {
      const saved = await save({ id: etf.id, ticker: etf.ticker, exDate: item.exDividendDate, kind, distribution }).unwrap();
      toast({ title: 'Success', description: fundDataMessages.updated(date, kind, saved.result) });
      onDone();
    } catch (error) {
      setRefused(fieldErrors(error));
      toast({ title: 'Error', description: failureMessage(error, fundDataMessages.updateFailed), variant: 'destructive' });
    }
  }

  return (
    <EditForm onSubmit={(e) => void submit(e)} aria-label={`Edit the ${distributionLabel(kind).toLowerCase()} of ${date}`}>
      <TextField
        label="Amount"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        hint={item.splitAdjusted ? 'Per share as declared, before the later split' : 'Cash per share'}
        error={refused.amount}
      />
      <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as Status)} error={refused.status}>
        <option value="declared">Declared</option>
        <option value="estimated">Estimated</option>
      </SelectField>
      <TextField
        label="ROC estimate %"
        inputMode="decimal"
        value={roc}
        onChange={(e) => setRoc(e.target.value)}
        hint="0 to 100; empty: none published"
        error={refused.rocEstimatePercent}
      />
      <TextField label="Record date" type="date" value={recordDate} onChange={(e) => setRecordDate(e.target.value)} hint="Empty: the known one stays" error={refused.recordDate} />
      <TextField label="Pay date" type="date" value={payDate} onChange={(e) => setPayDate(e.target.value)} hint="Empty: the known one stays" error={refused.payDate} />
      <EditButtons>
        <Button type="submit" $size="sm" disabled={saving.isLoading}>
          {saving.isLoading ? 'Saving...' : 'Save distribution'}
        </Button>
        <Button $size="sm" $variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </EditButtons>
    </EditForm>
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

const Actions = styled.span`
  display: inline-flex;
  gap: ${theme.space.xs};
`;

const EditForm = styled.form`
  display: grid;
  gap: ${theme.space.sm};
  align-items: start;
  padding: ${theme.space.xs} 0;
  text-align: left;
  @media (min-width: ${theme.breakpoints.sm}px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const EditButtons = styled.span`
  display: flex;
  gap: ${theme.space.xs};
  align-self: end;
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

/** The rows a file import did not take, each with its line and the server's reason. */
function LineErrors({ label, errors }: { label: string; errors: readonly { line: number; message: string }[] }) {
  if (errors.length === 0) return null;
  return (
    <SkippedList aria-label={label}>
      {errors.map((e) => (
        <li key={e.line}>
          Line {e.line}: {e.message}
        </li>
      ))}
    </SkippedList>
  );
}

const SkippedList = styled.ul`
  padding-left: 18px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

const SplitList = styled.ul`
  padding-left: 18px;
  font-size: ${theme.fontSizes.sm};
`;
