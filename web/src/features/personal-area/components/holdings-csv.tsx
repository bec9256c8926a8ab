import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { HoldingsImportResult } from '../../../../../contracts/portfolio.ts';
import { serverMessage } from '../../../api/base-api.ts';
import { useExportHoldingsCsvMutation, useImportHoldingsCsvMutation } from '../../../api/holdings-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { marketToday } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';

/** The import's size limit (the server's HOLDINGS_CSV_LIMIT_BYTES): a larger file is refused before it is sent. */
export const HOLDINGS_CSV_MAX_BYTES = 256 * 1024;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const holdingsCsvTexts = {
  export: 'Export CSV',
  import: 'Import CSV',
  importing: 'Importing…',
  fileLabel: 'Holdings CSV file to import',
  exported: 'Holdings exported',
  exportedDescription: (file: string) => `Saved as ${file}`,
  tooLarge: 'The file is larger than 256 KB. Export fewer positions or split the file.',
  failed: 'Import failed',
  imported: 'Import finished',
  summary: (r: HoldingsImportResult) =>
    `${plural(r.created, 'holding', 'holdings')} created, ${plural(r.updated, 'holding', 'holdings')} updated${r.errors.length ? `, ${plural(r.errors.length, 'line', 'lines')} not imported` : ''}.`,
  reportTitle: 'CSV import',
  errorsTitle: 'Lines not imported',
  line: (line: number) => `Line ${line}`,
  dismiss: 'Dismiss',
  hint: 'Our own layout (from Export CSV) or a positions download from Fidelity, Schwab, Robinhood, E*TRADE, Vanguard, Merrill, Interactive Brokers or Webull.',
  dialogTitle: 'Import holdings',
  dialogDescription:
    'Our own layout (from Export CSV) or a positions download from Fidelity, Schwab, Robinhood, E*TRADE, Vanguard, Merrill, Interactive Brokers or Webull. Importing the same file again changes nothing.',
  accountsLegend: 'Positions in this file',
  merge: 'Merge into my existing holdings',
  mergeHint: 'One holding per fund: a fund you already hold takes the file’s shares.',
  separate: 'Keep this account’s positions separate',
  separateHint: 'The file’s funds become this account’s holdings, beside the ones you have.',
  accountName: 'Account name',
  accountPlaceholder: 'e.g. Roth IRA',
  chooseFile: 'Choose file…',
  cancel: 'Cancel',
  /** Said here before the upload; the server says the same (importAccountMessages.nameRequired). */
  accountRequired: "Account name: Required to keep this account's positions separate",
} as const;

export type AccountsChoice = { accounts: 'merge' } | { accounts: 'separate'; account: string };

export function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * "Export CSV" (downloads the holdings as entered) and "Import CSV" (file picker → upload → the
 * report: created and updated counts and each line not imported with its reason, until dismissed).
 * Rules: docs/holdings-csv.md.
 */
export function HoldingsCsv({ now }: { now?: Date } = {}) {
  const [exportCsv, { isLoading: exporting }] = useExportHoldingsCsvMutation();
  const [importCsv, { isLoading: importing }] = useImportHoldingsCsvMutation();
  const [report, setReport] = useState<HoldingsImportResult | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [accounts, setAccounts] = useState<'merge' | 'separate'>('merge');
  const [accountName, setAccountName] = useState('');
  const [accountError, setAccountError] = useState<string | undefined>(undefined);
  // What the next picked file is imported as (set when the dialog hands over to the file picker).
  const choice = useRef<AccountsChoice>({ accounts: 'merge' });
  const input = useRef<HTMLInputElement>(null);
  const { toast } = useToast();

  const onExport = async () => {
    try {
      const text = await exportCsv().unwrap();
      const fileName = `weeklydiv-holdings-${marketToday(now ?? new Date())}.csv`;
      download(text, fileName);
      toast({ title: holdingsCsvTexts.exported, description: holdingsCsvTexts.exportedDescription(fileName) });
    } catch (e) {
      toast({ title: 'Error', description: serverMessage(e), variant: 'destructive' });
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // the same file can be picked again after a fix
    event.currentTarget.value = '';
    if (!file) return;
    if (file.size > HOLDINGS_CSV_MAX_BYTES) {
      toast({ title: holdingsCsvTexts.failed, description: holdingsCsvTexts.tooLarge, variant: 'destructive' });
      return;
    }
    try {
      const chosen = choice.current;
      // one file per choice: a file picked another way (dropped on the input) merges
      choice.current = { accounts: 'merge' };
      const csv = await file.text();
      const result = await importCsv(chosen.accounts === 'separate' ? { csv, query: { accounts: 'separate', account: chosen.account } } : { csv }).unwrap();
      setReport(result);
      toast({ title: holdingsCsvTexts.imported, description: holdingsCsvTexts.summary(result), variant: result.created + result.updated === 0 && result.errors.length > 0 ? 'destructive' : 'default' });
    } catch (e) {
      setReport(null);
      toast({ title: holdingsCsvTexts.failed, description: serverMessage(e), variant: 'destructive' });
    }
  };

  // Each import asks afresh, merge first: a choice left from the last file never sends the next one elsewhere.
  const openChoice = () => {
    setAccounts('merge');
    setAccountName('');
    setAccountError(undefined);
    setChoosing(true);
  };

  // The dialog's choice, then the file picker (the file input stays outside the dialog, always there).
  const onChooseFile = (event: FormEvent) => {
    event.preventDefault();
    const name = accountName.trim();
    if (accounts === 'separate' && name === '') {
      setAccountError(holdingsCsvTexts.accountRequired);
      return;
    }
    choice.current = accounts === 'separate' ? { accounts, account: name } : { accounts };
    setChoosing(false);
    input.current?.click();
  };

  return (
    <Wrap>
      <Buttons>
        <Button $variant="outline" $size="sm" onClick={onExport} disabled={exporting}>
          {holdingsCsvTexts.export}
        </Button>
        <Button $variant="outline" $size="sm" onClick={openChoice} disabled={importing} title={holdingsCsvTexts.hint}>
          {importing ? holdingsCsvTexts.importing : holdingsCsvTexts.import}
        </Button>
        <HiddenInput ref={input} type="file" accept=".csv,text/csv" aria-label={holdingsCsvTexts.fileLabel} onChange={onFile} tabIndex={-1} />
      </Buttons>
      <Dialog open={choosing} onClose={() => setChoosing(false)} title={holdingsCsvTexts.dialogTitle} description={holdingsCsvTexts.dialogDescription}>
        <Form onSubmit={onChooseFile} noValidate>
          <Choices>
            <legend>{holdingsCsvTexts.accountsLegend}</legend>
            <Choice>
              <input type="radio" name="accounts" value="merge" checked={accounts === 'merge'} onChange={() => setAccounts('merge')} data-autofocus />
              <span>
                {holdingsCsvTexts.merge}
                <small>{holdingsCsvTexts.mergeHint}</small>
              </span>
            </Choice>
            <Choice>
              <input type="radio" name="accounts" value="separate" checked={accounts === 'separate'} onChange={() => setAccounts('separate')} />
              <span>
                {holdingsCsvTexts.separate}
                <small>{holdingsCsvTexts.separateHint}</small>
              </span>
            </Choice>
          </Choices>
          {accounts === 'separate' ? (
            <TextField
              label={holdingsCsvTexts.accountName}
              name="account"
              value={accountName}
              maxLength={40}
              placeholder={holdingsCsvTexts.accountPlaceholder}
              onChange={(e) => (setAccountName(e.target.value), setAccountError(undefined))}
              error={accountError}
            />
          ) : null}
          <DialogActions>
            <Button type="button" $variant="outline" onClick={() => setChoosing(false)}>
              {holdingsCsvTexts.cancel}
            </Button>
            <Button type="submit">{holdingsCsvTexts.chooseFile}</Button>
          </DialogActions>
        </Form>
      </Dialog>
      {report ? (
        <Report role="status" aria-label={holdingsCsvTexts.reportTitle}>
          <ReportHead>
            <strong>{holdingsCsvTexts.summary(report)}</strong>
            <Button $variant="ghost" $size="sm" onClick={() => setReport(null)}>
              {holdingsCsvTexts.dismiss}
            </Button>
          </ReportHead>
          {report.errors.length > 0 ? (
            <>
              <ErrorsTitle>{holdingsCsvTexts.errorsTitle}</ErrorsTitle>
              <Errors>
                {report.errors.map((e) => (
                  <li key={`${e.line}:${e.message}`}>
                    <LineNo>{holdingsCsvTexts.line(e.line)}</LineNo>: {e.message}
                  </li>
                ))}
              </Errors>
            </>
          ) : null}
        </Report>
      ) : null}
    </Wrap>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const Choices = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  legend {
    margin-bottom: ${theme.space.xs};
    font-weight: 600;
  }
`;

const Choice = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space.sm};
  cursor: pointer;
  input {
    margin-top: 0.2rem;
  }
  small {
    display: block;
    color: ${theme.colors.textSecondary};
    font-size: ${theme.fontSizes.sm};
  }
`;

const Wrap = styled.div`
  display: contents;
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

const HiddenInput = styled.input`
  display: none;
`;

const Report = styled.div`
  flex-basis: 100%;
  order: 10;
  margin: ${theme.space.sm} 0;
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
  font-size: ${theme.fontSizes.sm};
`;

const ReportHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const ErrorsTitle = styled.p`
  margin: ${theme.space.sm} 0 0;
  font-weight: 600;
`;

const Errors = styled.ul`
  margin: ${theme.space.xs} 0 0;
  padding-left: 1.25rem;
  max-height: 240px;
  overflow-y: auto;
  color: ${theme.colors.negative};
`;

const LineNo = styled.span`
  font-variant-numeric: tabular-nums;
  font-weight: 600;
`;
