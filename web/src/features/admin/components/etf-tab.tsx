import { useState } from 'react';
import { styled } from 'styled-components';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { useGetEtfsQuery } from '../../../api/market-api.ts';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { theme } from '../../../styles/theme.ts';
import { EtfCsvCard, UploadReportView, type UploadReport } from './etf-csv-card.tsx';
import { EtfFormCard } from './etf-form.tsx';
import { EtfTable } from './etf-table.tsx';
import { FundDataDialog } from './fund-data-dialog.tsx';

/** ETF Management (spec §2): the create/edit form, CSV upload and list download, the table with each fund's data. */
export function EtfTab() {
  const etfs = useGetEtfsQuery();
  const [editing, setEditing] = useState<EtfListItem | null>(null);
  const [dataOf, setDataOf] = useState<EtfListItem | null>(null);
  const [report, setReport] = useState<UploadReport | null>(null);

  function edit(etf: EtfListItem) {
    setEditing(etf);
    // the form is above the table: bring it into view (it focuses its ticker field once loaded)
    document.getElementById('etf-form')?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }

  return (
    <Stack>
      <Top>
        <EtfFormCard editing={editing} onDone={() => setEditing(null)} />
        <EtfCsvCard onReport={setReport} />
      </Top>
      {report ? <UploadReportView report={report} onClose={() => setReport(null)} /> : null}
      <Card aria-labelledby="etf-list-title">
        <CardTitle as="h2" id="etf-list-title">
          ETFs
        </CardTitle>
        <EtfTable etfs={etfs.data} isLoading={etfs.isLoading} isError={etfs.isError} onEdit={edit} onData={setDataOf} />
      </Card>
      <FundDataDialog etf={dataOf} onClose={() => setDataOf(null)} />
    </Stack>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  min-width: 0;
`;

const Top = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  min-width: 0;
  @media (min-width: ${theme.breakpoints.lg}px) {
    grid-template-columns: 2fr 1fr;
    align-items: start;
  }
`;
