import { useId, useState, type ReactNode } from 'react';
import { styled } from 'styled-components';
import type { MetricExplanation } from '../../../../../contracts/market.ts';
import type { HoldingView } from '../../../../../contracts/portfolio.ts';
import { MetricExplain } from '../../../components/metric-explain.tsx';
import { NA, formatMoney, formatNumber, formatSignedMoney, formatSignedPercent, toNumber } from '../../../lib/format.ts';
import { payoutsText, rocBasisText } from '../../../lib/return-of-capital.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * A holding's return of capital (issue 27; docs/metrics.md "A holding", docs/client.md "Return of
 * capital"): the income received split into income and capital returned, the adjusted cost basis (never
 * below zero; what was returned beyond the cost shown as a capital gain), and gain, house money and yield
 * on cost "on your purchase cost" and "on your adjusted cost", each new figure with its trace. Every
 * figure is the server's, shown as given (2 decimals); the client computes nothing.
 */

export const holdingRocTexts = {
  toggle: 'Return of capital and cost basis',
  onPurchase: 'On your purchase cost',
  onAdjusted: 'On your adjusted cost',
  income: 'Income',
  capitalReturned: 'Capital returned',
  noPurchasePrice: 'Add a purchase price to see your cost basis, gain, house money and yield on cost on both bases.',
} as const;

/** "Income $9.00 · Capital returned $291.00": the Income Received figure's split, under it. */
export function incomeSplitText(h: HoldingView): string {
  return `${holdingRocTexts.income} ${formatMoney(h.incomeReceivedNet)} · ${holdingRocTexts.capitalReturned} ${formatMoney(h.capitalReturned)}`;
}

/** Whether the holding has anything to show here: payments received, or a purchase price (a cost basis). */
export function hasReturnOfCapitalFigures(h: HoldingView): boolean {
  return h.paymentsReceived > 0 || h.adjustedCostBasis !== null;
}

const percent2 = (value: string | null) => {
  const n = toNumber(value);
  return n === null ? NA : `${formatNumber(n, 2)}%`;
};

function gainText(amount: string | null, percent: string | null): string {
  const a = toNumber(amount);
  if (a === null) return NA;
  const p = toNumber(percent);
  return p === null ? formatSignedMoney(a) : `${formatSignedMoney(a)} (${formatSignedPercent(p, 2)})`;
}

/** The disclosure under a holding: a button that opens the panel (closed at first: a list of holdings stays short). */
export function HoldingReturnOfCapital({ holding: h, ticker }: { holding: HoldingView; ticker: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  if (!hasReturnOfCapitalFigures(h)) return null;
  return (
    <Wrap>
      <Toggle type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)} data-testid="roc-toggle">
        <Chevron aria-hidden="true" $open={open}>
          ▸
        </Chevron>
        {holdingRocTexts.toggle}
      </Toggle>
      {open ? <Panel holding={h} ticker={ticker} id={panelId} /> : null}
    </Wrap>
  );
}

function Panel({ holding: h, ticker, id }: { holding: HoldingView; ticker: string; id: string }) {
  const { onPurchase, onAdjusted } = holdingRocTexts;
  const basis = rocBasisText(h.capitalReturnedBasis);
  const beyond = toNumber(h.capitalGainFromRoc) ?? 0;
  const reinvested = toNumber(h.reinvestedCost) ?? 0;
  const label = (figure: string) => `${figure}, ${ticker}`;
  return (
    // a click in the panel stays here: the holding's row would open the fund's page
    <Groups id={id} data-testid="roc-panel" role="group" aria-label={`${ticker}: ${holdingRocTexts.toggle}`} onClick={(e) => e.stopPropagation()}>
      <Group
        title="Income received"
        testId="roc-income"
        lines={[
          ['Received', formatMoney(h.incomeReceived)],
          [holdingRocTexts.income, formatMoney(h.incomeReceivedNet)],
          [holdingRocTexts.capitalReturned, formatMoney(h.capitalReturned)],
        ]}
      >
        {h.paymentsReceived > 0 ? <Note>{`${payoutsText(h.capitalReturnedBasis.payouts, 'payment', 'payments')}${basis ? `: ${basis}` : ''}.`}</Note> : null}
        <Explain label={label('Capital returned')} explanation={h.explain.capitalReturned} />
      </Group>
      {h.adjustedCostBasis === null ? (
        <Note>{holdingRocTexts.noPurchasePrice}</Note>
      ) : (
        <>
          <Group
            title="Cost basis"
            testId="roc-cost"
            lines={[
              [onPurchase, formatMoney(h.costBasis)],
              [onAdjusted, formatMoney(h.adjustedCostBasis)],
            ]}
          >
            {reinvested > 0 ? <Note>{`The adjusted cost includes the ${formatMoney(h.reinvestedCost)} your reinvested payments cost.`}</Note> : null}
            {beyond > 0 ? (
              <Note data-testid="roc-capital-gain">{`Capital returned beyond your cost: ${formatMoney(h.capitalGainFromRoc)}, a capital gain (the adjusted cost stops at $0.00).`}</Note>
            ) : null}
            <Explain label={label('Adjusted cost')} explanation={h.explain.adjustedCostBasis} />
          </Group>
          <Group
            title="Gain"
            testId="roc-gain"
            lines={[
              [onPurchase, gainText(h.gain, h.gainPercent)],
              [onAdjusted, gainText(h.gainOnAdjustedCost, h.gainOnAdjustedCostPercent)],
            ]}
          >
            <Explain label={label('Gain on your adjusted cost')} explanation={h.explain.gainOnAdjustedCost} />
          </Group>
          <Group
            title="House money"
            testId="roc-house-money"
            lines={[
              [onPurchase, percent2(h.houseMoneyPercent)],
              [onAdjusted, percent2(h.houseMoneyOnAdjustedCostPercent)],
            ]}
          >
            <Note>On your adjusted cost only the income counts: capital handed back is your own money.</Note>
            <Explain label={label('House money on your adjusted cost')} explanation={h.explain.houseMoneyOnAdjustedCost} />
          </Group>
          <Group
            title="Yield on cost"
            testId="roc-yield"
            lines={[
              [onPurchase, percent2(h.yieldOnCost)],
              [onAdjusted, percent2(h.yieldOnAdjustedCost)],
            ]}
          >
            <Note>{`On your adjusted cost: the income part of the projected income (${formatMoney(h.projectedAnnualIncomeNet)} a year).`}</Note>
            <Explain label={label('Yield on your purchase cost')} explanation={h.explain.yieldOnCost} buttonText="How is this computed? (purchase cost)" />
            <Explain label={label('Yield on your adjusted cost')} explanation={h.explain.yieldOnAdjustedCost} buttonText="How is this computed? (adjusted cost)" />
          </Group>
        </>
      )}
    </Groups>
  );
}

/** A figure's group: its title, its lines (a definition list), then notes and traces. */
function Group({ title, testId, lines, children }: { title: string; testId: string; lines: ReadonlyArray<readonly [string, string]>; children?: ReactNode }) {
  return (
    <GroupBox data-testid={testId}>
      <GroupTitle>{title}</GroupTitle>
      <dl>
        {lines.map(([name, value]) => (
          <LineBox key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </LineBox>
        ))}
      </dl>
      {children}
    </GroupBox>
  );
}

function Explain(props: { label: string; explanation: MetricExplanation; buttonText?: string }) {
  return (
    <ExplainBox>
      <MetricExplain {...props} />
    </ExplainBox>
  );
}

const Wrap = styled.div`
  margin-top: 8px;
`;

const Toggle = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 32px;
  padding: 4px 8px 4px 4px;
  border: 0;
  border-radius: ${theme.radii.md};
  font: inherit;
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
  background: transparent;
  color: ${theme.colors.accentStrong};
  cursor: pointer;
  &:hover {
    background: ${theme.colors.surfaceAccent};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focusRing};
    outline-offset: 2px;
  }
`;

const Chevron = styled.span<{ $open: boolean }>`
  display: inline-block;
  transform: rotate(${({ $open }) => ($open ? '90deg' : '0deg')});
  transition: transform 120ms ease;
`;

const Groups = styled.div`
  display: grid;
  gap: 12px 16px;
  margin-top: 8px;
  padding: 12px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
  grid-template-columns: minmax(0, 1fr);
  cursor: default;
  @media (min-width: ${theme.breakpoints.sm}px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (min-width: ${theme.breakpoints.lg}px) {
    grid-template-columns: repeat(5, minmax(0, 1fr));
  }
`;

const GroupBox = styled.div`
  min-width: 0;
  & dl {
    margin: 0;
  }
  font-variant-numeric: tabular-nums;
`;

const GroupTitle = styled.p`
  margin: 0 0 4px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

/** Name above value: the same on every line, however narrow the column. */
const LineBox = styled.div`
  & + & {
    margin-top: 4px;
  }
  & dt {
    color: ${theme.colors.textSecondary};
    font-size: ${theme.fontSizes.xs};
  }
  & dd {
    margin: 0;
    font-size: ${theme.fontSizes.sm};
    font-weight: 700;
  }
`;

const Note = styled.p`
  margin: 4px 0 0;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;

const ExplainBox = styled.div`
  display: flex;
  flex-direction: column;
`;
