import { useParams } from 'react-router-dom';
import { EtfDetailView } from '../components/etf-detail-view.tsx';

/** `/etfs/:brand/:ticker`. */
export default function EtfDetailRoute() {
  const { brand = '', ticker = '' } = useParams();
  return <EtfDetailView key={ticker.toUpperCase()} ticker={ticker} brandSlug={brand} />;
}
