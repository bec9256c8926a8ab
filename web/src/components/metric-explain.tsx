import { useId, useState } from 'react';
import { styled } from 'styled-components';
import type { MetricExplanation, MetricInput } from '../../../contracts/market.ts';
import { VisuallyHidden } from './ui/layout.tsx';
import { theme } from '../styles/theme.ts';

/** How an input is named on screen (the API name stays beside it). */
const INPUT_LABELS: Record<string, string> = {
  weeklyAverage: 'Weekly average',
  currentPrice: 'Current price',
  latestDistribution: 'Latest declared distribution',
  payoutsPerYear: 'Payouts a year',
  payout: 'One payout',
  startPrice: 'Start price',
  windowStart: 'Start date',
  windowDistributions: 'Distributions in the period',
  historicalPeriodDays: 'Days in the period',
  dripShares: 'Shares from 1 reinvested',
  distributions: 'Distributions used',
  frequency: 'Payout frequency used',
  catalogFrequency: 'Catalog frequency',
  regimeSince: 'Current cadence since',
  // a stale fund's traces (docs/metrics.md "Stale data")
  priceAsOf: 'Price as of',
  staleSince: 'Stale data since',
  staleReason: 'Why stale',
  // return of capital (issue 27; docs/metrics.md "Return of capital and true income")
  since: 'Twelve months after',
  paidPerShare: 'Paid a share',
  capitalReturnedPerShare: 'Capital returned a share',
  payouts: 'Payouts',
  final: 'With final figures',
  estimated: 'With an estimate',
  notPublished: 'Not published (counted as income)',
  distributionRate: 'Distribution rate',
  rocShareTtm: 'ROC share, last 12 months',
  incomeReceived: 'Income received',
  capitalReturned: 'Capital returned',
  incomeReceivedNet: 'Income without the capital returned',
  costBasis: 'Purchase cost',
  reinvestedCost: 'Cost of the reinvested shares',
  capitalGainFromRoc: 'Capital returned beyond the cost',
  lots: 'Lots',
  currentValue: 'Current value',
  adjustedCostBasis: 'Adjusted cost',
  projectedAnnualIncome: 'Projected annual income',
  projectedAnnualIncomeNet: 'Projected annual income, income part',
};

/** How a distribution's ROC share reads in a trace: "ROC 92% est.", "ROC 100% final", "ROC not published". */
const ROC_BASIS_WORDS = { final: 'final', estimate: 'est.', 'not-published': '' } as const;

type TraceDistribution = Extract<MetricInput, readonly unknown[]>[number];

function rocText(d: TraceDistribution): string {
  if (d.rocBasis === undefined) return '';
  if (d.rocBasis === 'not-published' || d.rocPercent === undefined) return ' (ROC not published)';
  return ` (ROC ${d.rocPercent}% ${ROC_BASIS_WORDS[d.rocBasis]})`;
}

/** "special", "capital gain" after an amount; nothing for a regular payout. */
const KIND_WORDS = { regular: '', special: ' special', 'capital-gain': ' capital gain' } as const;

function inputText(value: MetricInput): string {
  if (value === null) return 'N/A';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((d) => `${d.exDividendDate}: $${d.amount}${KIND_WORDS[d.kind]}${rocText(d)}`).join(', ');
  return String(value);
}

/**
 * "How is this computed?": an info button on a metric card that opens the formula and the exact
 * inputs the server used (the fund detail's `explain`, a holding's `explain`), so the figure can be
 * checked by hand. Shared: the fund page and the personal area both show traces.
 */
export function MetricExplain({ label, explanation, buttonText = 'How is this computed?' }: { label: string; explanation: MetricExplanation; buttonText?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <InfoButton type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <circle cx="12" cy="12" r="10" />
          <line x1="12" y1="16" x2="12" y2="12" />
          <line x1="12" y1="8" x2="12.01" y2="8" />
        </svg>
        {buttonText} <VisuallyHidden>({label})</VisuallyHidden>
      </InfoButton>
      {open ? (
        <Panel id={panelId} data-testid="metric-explain">
          <Formula>{explanation.formula}</Formula>
          <Inputs>
            {Object.entries(explanation.inputs).map(([name, value]) => (
              <div key={name}>
                <dt>
                  {INPUT_LABELS[name] ?? name} <code>{name}</code>
                </dt>
                <dd>{inputText(value)}</dd>
              </div>
            ))}
          </Inputs>
        </Panel>
      ) : null}
    </>
  );
}

const InfoButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  align-self: flex-start;
  margin-top: ${theme.space.xs};
  padding: 4px 8px 4px 4px;
  border: 0;
  border-radius: ${theme.radii.pill};
  font: inherit;
  font-size: ${theme.fontSizes.sm};
  text-align: left;
  background: transparent;
  & svg {
    flex: none;
  }
  color: ${theme.colors.textSecondary};
  cursor: pointer;
  &:hover {
    color: ${theme.colors.accent};
    background: ${theme.colors.surfaceAccent};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Panel = styled.div`
  margin-top: ${theme.space.sm};
  padding: ${theme.space.sm} ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

const Formula = styled.p`
  margin: 0 0 ${theme.space.sm};
  font-family: ${theme.fonts.mono};
  color: ${theme.colors.textPrimary};
`;

const Inputs = styled.dl`
  margin: 0;
  display: grid;
  gap: 4px;
  div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 8px;
  }
  dt {
    color: ${theme.colors.textSecondary};
  }
  code {
    font-size: ${theme.fontSizes.xs};
  }
  dd {
    margin: 0;
    font-family: ${theme.fonts.mono};
    color: ${theme.colors.textPrimary};
  }
`;
