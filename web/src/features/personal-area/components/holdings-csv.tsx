import { useRef, useState, type ChangeEvent } from 'react';
import { styled } from 'styled-components';
import type { HoldingsImportResult } from '../../../../../contracts/portfolio.ts';
import { serverMessage } from '../../../api/base-api.ts';
import { useExportHoldingsCsvMutation, useImportHoldingsCsvMutation } from '../../../api/holdings-api.ts';
import { Button } from '../../../components/ui/button.tsx';
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
  hint: 'Our own layout (from Export CSV) or a positions download from Fidelity, Schwab, Robinhood, E*TRADE, Vanguard, Merrill or Interactive Brokers.',
} as const;

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
      const result = await importCsv({ csv: await file.text() }).unwrap();
      setReport(result);
      toast({ title: holdingsCsvTexts.imported, description: holdingsCsvTexts.summary(result), variant: result.created + result.updated === 0 && result.errors.length > 0 ? 'destructive' : 'default' });
    } catch (e) {
      setReport(null);
      toast({ title: holdingsCsvTexts.failed, description: serverMessage(e), variant: 'destructive' });
    }
  };

  return (
    <Wrap>
      <Buttons>
        <Button $variant="outline" $size="sm" onClick={onExport} disabled={exporting}>
          {holdingsCsvTexts.export}
        </Button>
        <Button $variant="outline" $size="sm" onClick={() => input.current?.click()} disabled={importing} title={holdingsCsvTexts.hint}>
          {importing ? holdingsCsvTexts.importing : holdingsCsvTexts.import}
        </Button>
        <HiddenInput ref={input} type="file" accept=".csv,text/csv" aria-label={holdingsCsvTexts.fileLabel} onChange={onFile} tabIndex={-1} />
      </Buttons>
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
