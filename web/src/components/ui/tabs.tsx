import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { theme } from '../../styles/theme.ts';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

interface TabsProps<K extends string> {
  tabs: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * Accessible tabs (WAI-ARIA tabs pattern, manual activation with arrow keys / Home / End). Renders
 * the tab list and one panel holding `children`.
 */
export function Tabs<K extends string>({ tabs, value, onChange, label, children }: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const index = Math.max(0, tabs.findIndex((t) => t.key === value));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // from the focused tab (the selected one may not have re-rendered yet after a fast key press)
    const focused = refs.current.findIndex((el) => el === event.target);
    const from = focused >= 0 ? focused : index;
    let next = -1;
    if (event.key === 'ArrowRight') next = (from + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (from - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next];
    if (tab) {
      onChange(tab.key);
      refs.current[next]?.focus();
    }
  }

  return (
    <div>
      <TabList role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => {
          const selected = tab.key === value;
          return (
            <Tab
              key={tab.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              $selected={selected}
              onClick={() => onChange(tab.key)}
            >
              {tab.label}
            </Tab>
          );
        })}
      </TabList>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${value}`} tabIndex={0}>
        {children}
      </div>
    </div>
  );
}

const TabList = styled.div`
  display: flex;
  gap: 4px;
  padding: 4px;
  margin-bottom: ${theme.space.lg};
  background: ${theme.colors.surfaceMuted};
  border-radius: ${theme.radii.md};
  overflow-x: auto;
`;

const Tab = styled.button<{ $selected: boolean }>`
  flex: 1 0 auto;
  padding: 8px 14px;
  border: 0;
  border-radius: ${theme.radii.sm};
  background: ${({ $selected }) => ($selected ? theme.colors.surface : 'transparent')};
  box-shadow: ${({ $selected }) => ($selected ? theme.shadows.card : 'none')};
  color: ${({ $selected }) => ($selected ? theme.colors.textPrimary : theme.colors.textSecondary)};
  font-weight: 600;
  cursor: pointer;
  white-space: nowrap;
`;
