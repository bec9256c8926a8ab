import { SectionTitle } from '../../../components/ui/layout.tsx';

/** The News Management tab (built in its own branch; this placeholder keeps the dashboard's shell compiling). */
export function NewsTab() {
  return <SectionTitle>News Management</SectionTitle>;
}
