import { useParams } from 'react-router-dom';
import { EtfDetailView } from '../components/etf-detail-view.tsx';
import { useLiveUpdates } from '../../../lib/live-updates.ts';

/** `/etfs/:brand/:ticker`. */
export default function EtfDetailRoute() {
  const { brand = '', ticker = '' } = useParams();
  // Premium: the page's figures follow new quotes and distributions (docs/live-updates.md)
  useLiveUpdates();
  return <EtfDetailView key={ticker.toUpperCase()} ticker={ticker} brandSlug={brand} />;
}
