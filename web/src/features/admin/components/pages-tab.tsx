import { SectionTitle } from '../../../components/ui/layout.tsx';

/** The Custom Pages tab (built in its own branch; this placeholder keeps the dashboard's shell compiling). */
export function PagesTab() {
  return <SectionTitle>Custom Pages</SectionTitle>;
}
