import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { formatAsOf } from '../../../lib/format.ts';
import type { OfflineStatus } from '../../../lib/offline/offline-status.ts';
import { theme } from '../../../styles/theme.ts';

export const offlineTexts = {
  /** `asOf` formatted like every as-of time of the app ("Nov 23, 4:00 PM ET"). */
  title: (asOf: string | null) => (asOf ? `Offline — as of ${asOf}` : 'Offline'),
  writesOff: "You're offline. Changes are disabled until you reconnect.",
} as const;

/**
 * The personal area offline (docs/offline.md): what is on screen is the last answer kept on this
 * device, and when it was made; nothing can be changed until the network is back, so no change is
 * attempted and lost. `fallbackAsOf`: when the worker did not say (the answers were already in memory
 * when the network went), the time they arrived.
 */
export function OfflineNotice({ status, fallbackAsOf }: { status: OfflineStatus; fallbackAsOf?: number | undefined }) {
  if (!status.offline) return null;
  const instant = status.asOf ?? (fallbackAsOf === undefined ? null : new Date(fallbackAsOf).toISOString());
  return (
    <Note role="status" data-testid="offline-notice">
      <strong>{offlineTexts.title(formatAsOf(instant))}</strong>
      <span>{offlineTexts.writesOff}</span>
    </Note>
  );
}

/**
 * Every form control inside is disabled while offline: a disabled fieldset disables its buttons,
 * inputs, selects and text areas natively, each control and any one added later included. Links keep
 * working (reading needs no network once kept).
 */
export function WritesOff({ offline, children }: { offline: boolean; children: ReactNode }) {
  return (
    <Fieldset disabled={offline} data-writes-off={offline ? '' : undefined}>
      {children}
    </Fieldset>
  );
}

const Note = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin: 0 0 ${theme.space.md};
  padding: 8px 12px;
  border: 1px solid ${theme.colors.warningBorder};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warningText};
  font-size: ${theme.fontSizes.sm};
`;

const Fieldset = styled.fieldset`
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;
