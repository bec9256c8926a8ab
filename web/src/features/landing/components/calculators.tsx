import { useRef, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { serverMessage } from '../../../api/base-api.ts';
import { useGetTopPerformersQuery } from '../../../api/market-api.ts';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { Container, SectionTitle } from '../../../components/ui/layout.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatAmountInput } from '../../../lib/format.ts';
import type { DripCalculatorResult, YieldCalculatorResult } from '../../../../../contracts/market.ts';
import { useCalculateDripMutation, useCalculateYieldMutation } from '../api.ts';
import { calcPercent, calcSignedPercent, calcUsd, calcWhole } from '../calculator-format.ts';
import {
  CALCULATOR_DEFAULTS,
  DRIP_YEARS,
  MANUAL,
  dripFieldsFromEtf,
  dripRequestOf,
  yieldFieldsFromEtf,
  yieldRequestOf,
} from '../calculator-fields.ts';
import { theme } from '../../../styles/theme.ts';
import { belowTheFold } from './below-the-fold.ts';

const FREQUENCIES = [
  { value: 'weekly', label: 'Weekly', perPayout: 'Per payout (weekly)' },
  { value: 'four-week', label: 'Every 4 weeks', perPayout: 'Per payout (every 4 weeks)' },
  { value: 'monthly', label: 'Monthly', perPayout: 'Per payout (monthly)' },
  { value: 'quarterly', label: 'Quarterly', perPayout: 'Per payout (quarterly)' },
] as const;
type Frequency = (typeof FREQUENCIES)[number]['value'];

/** The server's threshold (services/market/calculators.ts HIGH_YIELD_PERCENT), for the warning's text. */
const HIGH_YIELD_PERCENT = 15;

/**
 * A result belongs to the inputs it was computed from: every edit bumps the version and clears the
 * result, and an answer that arrives after an edit is dropped (D14). Returns the result, `edit(setter)`
 * for the inputs, and `run(compute)` for the submit.
 */
function useFreshResult<T>() {
  const [result, setResult] = useState<T | null>(null);
  const version = useRef(0);
  function edit<V>(setter: (value: V) => void) {
    return (value: V) => {
      version.current += 1;
      setResult(null);
      setter(value);
    };
  }
  async function run(compute: () => Promise<T>, notify: { failed: (error: unknown) => void; clear: () => void }) {
    const started = version.current;
    try {
      const next = await compute();
      if (version.current !== started) return;
      setResult(next);
      notify.clear();
    } catch (error) {
      if (version.current !== started) return;
      setResult(null);
      notify.failed(error);
    }
  }
  return { result, edit, run };
}

/** Yield and DRIP calculators side by side, with the assumptions notice (estimates from historical data, not advice). */
export function Calculators() {
  const { data: etfs = [] } = useGetTopPerformersQuery();
  return (
    <Section id="calculators" aria-labelledby="calculators-title">
      <Container>
        <SectionTitle id="calculators-title">Dividend Calculators</SectionTitle>
        <Intro>Estimate your income from a weekly dividend ETF, or how reinvesting dividends compounds over the years.</Intro>
        <Pair>
          <YieldCalculator etfs={etfs} />
          <DripCalculator etfs={etfs} />
        </Pair>
        <Notice role="note">
          <strong>Assumptions:</strong> results are estimates based on historical data. They assume dividends stay consistent
          (amount and frequency) and the share price does not change. They are not financial advice.
        </Notice>
      </Container>
    </Section>
  );
}

function EtfPicker({ id, etfs, value, onChange }: { id: string; etfs: EtfListItem[]; value: string; onChange: (value: string) => void }) {
  return (
    <SelectField id={id} label="ETF (optional)" value={value} onChange={(e) => onChange(e.target.value)}>
      <option value={MANUAL}>Manual entry</option>
      {etfs.map((etf) => (
        <option key={etf.id} value={etf.id}>
          {etf.ticker} – {etf.name}
        </option>
      ))}
    </SelectField>
  );
}

function useCalculatorToasts() {
  const { toast, dismiss } = useToast();
  // the calculator's last error toast: a new result takes it away (issue 29, W7), not another screen's toast
  const shown = useRef<number | null>(null);
  return {
    missing: () => {
      shown.current = toast({ title: 'Missing Data', description: 'Please fill in all required fields', variant: 'destructive' });
    },
    failed: (error: unknown) => {
      shown.current = toast({ title: 'Calculation Error', description: serverMessage(error), variant: 'destructive' });
    },
    clear: () => {
      if (shown.current !== null) dismiss(shown.current);
      shown.current = null;
    },
  };
}

interface YieldShown {
  answer: YieldCalculatorResult;
  frequency: Frequency;
  yieldPercent: number;
}

export function YieldCalculator({ etfs }: { etfs: EtfListItem[] }) {
  const [etfId, setEtfId] = useState<string>(MANUAL);
  const [investment, setInvestment] = useState<string>(CALCULATOR_DEFAULTS.investment);
  const [yieldPercent, setYieldPercent] = useState('');
  const [frequency, setFrequency] = useState<string>(CALCULATOR_DEFAULTS.frequency);
  const { result, edit, run } = useFreshResult<YieldShown>();
  const [calculate, { isLoading }] = useCalculateYieldMutation();
  const notify = useCalculatorToasts();

  const pick = edit((id: string) => {
    setEtfId(id);
    const etf = etfs.find((e) => e.id === id);
    if (etf) setYieldPercent(yieldFieldsFromEtf(etf).yieldPercent);
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = yieldRequestOf({ investment, yieldPercent, frequency });
    if (!request) return notify.missing();
    const chosen = request.frequency as Frequency;
    await run(async () => ({ answer: await calculate({ ...request, frequency: chosen }).unwrap(), frequency: chosen, yieldPercent: request.yieldPercent }), notify);
  }

  return (
    <Card aria-labelledby="yield-calculator-title">
      <CardTitle id="yield-calculator-title">Yield Calculator</CardTitle>
      <Form onSubmit={onSubmit} noValidate>
        <EtfPicker id="yield-etf" etfs={etfs} value={etfId} onChange={pick} />
        <TextField
          label="Investment Amount ($)"
          name="investment"
          inputMode="decimal"
          autoComplete="off"
          value={investment}
          onChange={(e) => edit(setInvestment)(formatAmountInput(e.target.value))}
        />
        <TextField
          label="Annual Yield (%)"
          name="yieldPercent"
          type="number"
          step="0.1"
          min="0"
          inputMode="decimal"
          value={yieldPercent}
          onChange={(e) => edit(setYieldPercent)(e.target.value)}
        />
        <SelectField label="Payout Frequency" name="frequency" value={frequency} onChange={(e) => edit(setFrequency)(e.target.value)}>
          {FREQUENCIES.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={isLoading} $block>
          {isLoading ? 'Calculating...' : 'Calculate Income'}
        </Button>
      </Form>
      {result ? (
        <>
          <Results aria-live="polite" data-testid="yield-results">
            <Figure label="Annual Income" value={calcUsd(result.answer.annual)} />
            <Figure label="Monthly Income" value={calcUsd(result.answer.monthly)} />
            <Figure label="Weekly Income" value={calcUsd(result.answer.weekly)} />
            <Figure label={FREQUENCIES.find((f) => f.value === result.frequency)?.perPayout ?? 'Per payout'} value={calcUsd(result.answer.perPayout)} />
            <Figure label="Payouts a year" value={String(result.answer.payoutsPerYear)} />
          </Results>
          {result.answer.highYield ? (
            <Warning role="note" data-testid="yield-warning">
              <strong>A {calcPercent(String(result.yieldPercent))} yield is unlikely to last.</strong> This income assumes the fund keeps
              paying it on a constant share price. Funds paying more than {HIGH_YIELD_PERCENT}% a year usually pay part of it out of
              their own value, so their share price, and the payouts with it, tend to fall (NAV erosion).
            </Warning>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}

interface DripShown {
  answer: DripCalculatorResult;
  sharePrice: number;
  /** The fund picked, if any: its actual DRIP return is shown beside an unrealistic projection. */
  etf: EtfListItem | undefined;
}

export function DripCalculator({ etfs }: { etfs: EtfListItem[] }) {
  const [etfId, setEtfId] = useState<string>(MANUAL);
  const [initialInvestment, setInitialInvestment] = useState<string>(CALCULATOR_DEFAULTS.investment);
  const [sharePrice, setSharePrice] = useState('');
  const [weeklyDividend, setWeeklyDividend] = useState('');
  const [years, setYears] = useState<string>(CALCULATOR_DEFAULTS.years);
  const { result, edit, run } = useFreshResult<DripShown>();
  const [calculate, { isLoading }] = useCalculateDripMutation();
  const notify = useCalculatorToasts();

  const pick = edit((id: string) => {
    setEtfId(id);
    const etf = etfs.find((e) => e.id === id);
    if (etf) {
      const fields = dripFieldsFromEtf(etf);
      setSharePrice(fields.sharePrice);
      setWeeklyDividend(fields.weeklyDividend);
    }
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = dripRequestOf({ initialInvestment, sharePrice, weeklyDividend, years });
    if (!request) return notify.missing();
    const etf = etfs.find((e) => e.id === etfId);
    await run(async () => ({ answer: await calculate(request).unwrap(), sharePrice: request.sharePrice, etf }), notify);
  }

  return (
    <Card aria-labelledby="drip-calculator-title">
      <CardTitle id="drip-calculator-title">DRIP Calculator</CardTitle>
      <Form onSubmit={onSubmit} noValidate>
        <EtfPicker id="drip-etf" etfs={etfs} value={etfId} onChange={pick} />
        <TextField
          label="Initial Investment ($)"
          name="initialInvestment"
          inputMode="decimal"
          autoComplete="off"
          value={initialInvestment}
          onChange={(e) => edit(setInitialInvestment)(formatAmountInput(e.target.value))}
        />
        <Row>
          <TextField
            label="Share Price ($)"
            name="sharePrice"
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            value={sharePrice}
            onChange={(e) => edit(setSharePrice)(e.target.value)}
          />
          <TextField
            label="Weekly Dividend ($)"
            name="weeklyDividend"
            type="number"
            step="0.001"
            min="0"
            inputMode="decimal"
            value={weeklyDividend}
            onChange={(e) => edit(setWeeklyDividend)(e.target.value)}
          />
        </Row>
        <TextField
          label="Years"
          name="years"
          type="number"
          min={DRIP_YEARS.min}
          max={DRIP_YEARS.max}
          step="1"
          inputMode="numeric"
          value={years}
          onChange={(e) => edit(setYears)(e.target.value)}
        />
        <Button type="submit" disabled={isLoading} $block>
          {isLoading ? 'Calculating...' : 'Calculate DRIP'}
        </Button>
      </Form>
      {result ? (
        <>
          <Results aria-live="polite" data-testid="drip-results">
            <Figure label="Final Value" value={calcUsd(result.answer.finalValue)} />
            <Figure label="Total Shares" value={calcWhole(result.answer.totalShares)} />
            <Figure label="Growth" value={calcSignedPercent(result.answer.growth)} />
          </Results>
          {result.answer.highYield ? <DripWarning shown={result} /> : null}
        </>
      ) : null}
    </Card>
  );
}

/** One result: the label, then the figure, which never breaks inside (D5); long figures a step or two smaller. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Result>
      <dt>{label}</dt>
      {/* a figure that may scroll in its box is focusable, so the keyboard can scroll it (axe scrollable-region-focusable) */}
      <FigureValue data-figure="" $size={value.length > 24 ? 'sm' : value.length > 16 ? 'md' : 'lg'} tabIndex={value.length > 24 ? 0 : undefined}>
        {value}
      </FigureValue>
    </Result>
  );
}

/**
 * D4: a projection that compounds more than 15 % a year at a constant price is not realistic; say so
 * next to the figures, and give the picked fund's actual DRIP return (docs/client.md, Calculators).
 */
function DripWarning({ shown }: { shown: DripShown }) {
  const { answer, etf } = shown;
  return (
    <Warning role="alert" data-testid="drip-warning">
      <strong>Not a realistic projection.</strong> It reinvests a payout of {calcPercent(answer.annualYieldPercent)} a year at a
      constant share price of {calcUsd(String(shown.sharePrice))}. Funds paying more than {HIGH_YIELD_PERCENT}% a year, like
      high-yield option-income funds, usually pay part of it out of their own value, so their share price falls (NAV erosion) and
      real results are far lower.
      {etf && etf.dripReturn !== null ? (
        <>
          {' '}
          {etf.ticker}’s actual DRIP return (price change with every payout reinvested, over the past year, or since inception for a
          younger fund): <Nowrap>{calcSignedPercent(etf.dripReturn)}</Nowrap>.
        </>
      ) : null}
    </Warning>
  );
}

const Section = styled.section`
  padding: 56px 0 8px;
  ${belowTheFold({ phone: 1246, sm: 1159, md: 735, lg: 690 }, 64)}
  scroll-margin-top: 72px;
`;

const Intro = styled.p`
  margin-top: 8px;
  color: ${theme.colors.textSecondary};
`;

const Pair = styled.div`
  display: grid;
  gap: 16px;
  margin-top: 24px;
  grid-template-columns: 1fr;
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 14px;
  margin-top: 8px;
`;

const Row = styled.div`
  display: grid;
  gap: 14px;
  align-items: end;
  grid-template-columns: 1fr 1fr;
`;

/* Flex, wrapping whole results: a result is as wide as its figure, and moves to the next line when it
   does not fit beside the others (three on a desktop card, one or two on a phone). */
const Results = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 20px;
  margin: 20px 0 0;
  padding: 16px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAccent};
`;

const Result = styled.div`
  flex: 1 1 auto;
  min-width: 0;
  max-width: 100%;
  & dt {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textSecondary};
    font-weight: 600;
  }
`;

/* Never broken inside a number; a figure wider than the card (a 30-year DRIP at an absurd yield)
   scrolls inside its own box instead of wrapping or widening the page. */
const FigureValue = styled.dd<{ $size: 'sm' | 'md' | 'lg' }>`
  margin: 2px 0 0;
  font-size: ${({ $size }) => theme.fontSizes[$size]};
  font-weight: 800;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  overflow-x: auto;
`;

const Warning = styled.p`
  margin: 12px 0 0;
  padding: 12px 14px;
  border: 1px solid ${theme.colors.warningBorder};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warningText};
  font-size: ${theme.fontSizes.sm};
`;

const Nowrap = styled.span`
  white-space: nowrap;
`;

const Notice = styled.p`
  margin-top: 16px;
  padding: 12px 16px;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceMuted};
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;
