import { SectionTitle } from '../../../components/ui/layout.tsx';

/** The Site Settings tab (built in its own branch; this placeholder keeps the dashboard's shell compiling). */
export function SettingsTab() {
  return <SectionTitle>Site Settings</SectionTitle>;
}
