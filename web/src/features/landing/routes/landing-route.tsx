import { Page, PageTitle } from '../../../components/ui/layout.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export function LandingRoute() {
  useDocumentTitle('');
  return (
    <Page>
      <PageTitle>Grow your dividend every week.</PageTitle>
    </Page>
  );
}
