import { Page, PageTitle } from '../../../components/ui/layout.tsx';

export default function ManagedPageRoute() {
  return (
    <Page>
      <PageTitle>Page Not Found</PageTitle>
    </Page>
  );
}
