import { Navigate, useParams } from 'react-router-dom';
import { useGetEtfDetailQuery } from '../../../api/market-api.ts';
import { Page, StateMessage } from '../../../components/ui/layout.tsx';
import { slugOf } from '../../../lib/brand.ts';
import { paths } from '../../../lib/paths.ts';
import { EtfDetailView } from '../components/etf-detail-view.tsx';

/**
 * `/etf/:ticker` (the public calendar's payout links): finds the fund's brand and redirects to
 * `/etfs/{brand}/{ticker}`. A fund without a brand is shown right here.
 */
export default function EtfRedirectRoute() {
  const { ticker = '' } = useParams();
  const { data, isLoading, isError } = useGetEtfDetailQuery(ticker.toUpperCase());
  if (isLoading) {
    return (
      <Page>
        <StateMessage>Loading ETF details...</StateMessage>
      </Page>
    );
  }
  if (isError || !data) {
    return (
      <Page>
        <StateMessage>ETF not found</StateMessage>
      </Page>
    );
  }
  const slug = slugOf(data);
  if (!slug) return <EtfDetailView ticker={ticker} brandSlug={null} />;
  return <Navigate to={paths.etf(slug, data.ticker)} replace />;
}
