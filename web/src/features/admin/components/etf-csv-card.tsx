import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useDispatch } from 'react-redux';
import { styled } from 'styled-components';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { marketToday } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';
import { etfListChanged, useCreateEtfRowMutation, useExportEtfsMutation } from '../api.ts';
import { exportFileName, parseEtfCsv, uploadErrorMessage, uploadSummary } from '../etf-csv.ts';
import { failureMessage } from '../failure-message.ts';

export const DOWNLOADED = 'ETF list downloaded successfully';
export const DOWNLOAD_FAILED = 'Failed to download ETF list';

/** One line of the upload report. */
export interface ReportLine {
  line: number;
  ticker: string;
  outcome: 'failed' | 'skipped';
  message: string;
}

export interface UploadReport {
  fileName: string;
  created: number;
  failed: number;
  skipped: number;
  /** The rows that did not become a fund, in file order. */
  lines: ReportLine[];
}

/**
 * CSV upload (spec §5, §8: one `POST /api/etfs` a row, the header rules and toasts) with, beyond the
 * spec, a report of every row that was skipped or refused and why; and the list download
 * (`etfs-{date}.csv`, columns ticker, name, brand, description).
 */
export function EtfCsvCard({ onReport }: { onReport: (report: UploadReport | null) => void }) {
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [createEtf] = useCreateEtfRowMutation();
  const dispatch = useDispatch();
  const [exportEtfs, exporting] = useExportEtfsMutation();
  const { toast } = useToast();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!file) return;
    onReport(null);
    let parsed;
    try {
      parsed = parseEtfCsv(await file.text());
    } catch (error) {
      toast({ title: 'Upload Error', description: uploadErrorMessage(error), variant: 'destructive' });
      return;
    }
    const lines: ReportLine[] = parsed.skipped.map((s) => ({ line: s.line, ticker: s.ticker, outcome: 'skipped', message: s.message }));
    let created = 0;
    setProgress({ done: 0, total: parsed.rows.length });
    for (const [i, row] of parsed.rows.entries()) {
      try {
        await createEtf({ ticker: row.ticker, name: row.name, brand: row.brand, description: row.description }).unwrap();
        created++;
      } catch (error) {
        lines.push({ line: row.line, ticker: row.ticker, outcome: 'failed', message: failureMessage(error, 'Failed to create ETF') });
      }
      setProgress({ done: i + 1, total: parsed.rows.length });
    }
    setProgress(null);
    if (created > 0) dispatch(etfListChanged());
    const failed = parsed.rows.length - created;
    lines.sort((a, b) => a.line - b.line);
    onReport({ fileName: file.name, created, failed, skipped: parsed.skipped.length, lines });
    const summary = uploadSummary(created, failed);
    toast({ title: summary.title, description: summary.description, variant: summary.variant });
  }

  async function download() {
    try {
      const csv = await exportEtfs().unwrap();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(marketToday());
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      toast({ title: 'Success', description: DOWNLOADED });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, DOWNLOAD_FAILED), variant: 'destructive' });
    }
  }

  return (
    <Card aria-labelledby={`${inputId}-title`}>
      <CardTitle as="h2" id={`${inputId}-title`}>
        Import and export
      </CardTitle>
      <CardText id={`${inputId}-hint`}>
        A CSV file with a header row naming the columns ticker and name (brand and description optional); one ETF a row.
      </CardText>
      <Actions>
        <HiddenFile
          ref={fileInput}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          aria-label="ETF list CSV file"
          tabIndex={-1}
          onChange={(e) => void upload(e)}
          disabled={progress !== null}
        />
        <Button $variant="primary" onClick={() => fileInput.current?.click()} disabled={progress !== null} aria-describedby={`${inputId}-hint`}>
          {progress ? `Uploading ${progress.done} of ${progress.total}...` : 'Upload CSV'}
        </Button>
        <Button $variant="outline" onClick={() => void download()} disabled={exporting.isLoading}>
          {exporting.isLoading ? 'Downloading...' : 'Download ETF List'}
        </Button>
      </Actions>
      {progress ? (
        <CardText role="status">
          Creating ETFs: {progress.done} of {progress.total}
        </CardText>
      ) : null}
    </Card>
  );
}

/** The upload's outcome, row by row (shown across the tab, under the form and the upload card). */
export function UploadReportView({ report, onClose }: { report: UploadReport; onClose: () => void }) {
  return (
    <Report aria-label="CSV upload report">
      <ReportHead>
        <ReportTitle>
          {report.fileName}: {report.created} created, {report.failed} failed, {report.skipped} skipped
        </ReportTitle>
        <Button $size="sm" $variant="ghost" onClick={onClose}>
          Close report
        </Button>
      </ReportHead>
      {report.lines.length > 0 ? (
        <TableScroll role="region" aria-label="Rows not created, scrollable" tabIndex={0}>
          <Table aria-label="Rows not created">
            <thead>
              <tr>
                <Th>Line</Th>
                <Th>Ticker</Th>
                <Th>Result</Th>
                <Th>Reason</Th>
              </tr>
            </thead>
            <tbody>
              {report.lines.map((l) => (
                <tr key={`${l.line}-${l.outcome}`}>
                  <Td>{l.line}</Td>
                  <Td>{l.ticker || '—'}</Td>
                  <Td>{l.outcome === 'failed' ? 'Failed' : 'Skipped'}</Td>
                  <Td>{l.message}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      ) : (
        <p>Every row was created.</p>
      )}
    </Report>
  );
}

const HiddenFile = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.md};
`;

const Report = styled(Card)`
  min-width: 0;
`;

const ReportHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
  margin-bottom: ${theme.space.sm};
`;

const ReportTitle = styled.h2`
  font-size: ${theme.fontSizes.md};
  font-weight: 700;
`;
