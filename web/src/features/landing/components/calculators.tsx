import { useState, type FormEvent } from 'react';
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
import { formatAmountInput, formatMoney, formatSignedPercent, formatUsd, formatWhole, toNumber } from '../../../lib/format.ts';
import type { DripCalculatorResult, YieldCalculatorResult } from '../../../../../contracts/market.ts';
import { useCalculateDripMutation, useCalculateYieldMutation } from '../api.ts';
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

const FREQUENCIES = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'four-week', label: 'Every 4 weeks' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'quarterly', label: 'Quarterly' },
] as const;

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

function useMissingDataToast() {
  const { toast } = useToast();
  return {
    missing: () => toast({ title: 'Missing Data', description: 'Please fill in all required fields', variant: 'destructive' }),
    failed: (error: unknown) => toast({ title: 'Calculation Error', description: serverMessage(error), variant: 'destructive' }),
  };
}

export function YieldCalculator({ etfs }: { etfs: EtfListItem[] }) {
  const [etfId, setEtfId] = useState<string>(MANUAL);
  const [investment, setInvestment] = useState<string>(CALCULATOR_DEFAULTS.investment);
  const [yieldPercent, setYieldPercent] = useState('');
  const [frequency, setFrequency] = useState<string>(CALCULATOR_DEFAULTS.frequency);
  const [result, setResult] = useState<YieldCalculatorResult | null>(null);
  const [calculate, { isLoading }] = useCalculateYieldMutation();
  const notify = useMissingDataToast();

  function pick(id: string) {
    setEtfId(id);
    const etf = etfs.find((e) => e.id === id);
    if (etf) setYieldPercent(yieldFieldsFromEtf(etf).yieldPercent);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = yieldRequestOf({ investment, yieldPercent, frequency });
    if (!request) return notify.missing();
    try {
      setResult(await calculate({ ...request, frequency: request.frequency as (typeof FREQUENCIES)[number]['value'] }).unwrap());
    } catch (error) {
      notify.failed(error);
    }
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
          onChange={(e) => setInvestment(formatAmountInput(e.target.value))}
        />
        <TextField
          label="Annual Yield (%)"
          name="yieldPercent"
          type="number"
          step="0.1"
          min="0"
          inputMode="decimal"
          value={yieldPercent}
          onChange={(e) => setYieldPercent(e.target.value)}
        />
        <SelectField label="Payout Frequency" name="frequency" value={frequency} onChange={(e) => setFrequency(e.target.value)}>
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
        <Results aria-live="polite" data-testid="yield-results">
          <Result>
            <dt>Annual Income</dt>
            <dd>{formatMoney(result.annual)}</dd>
          </Result>
          <Result>
            <dt>Monthly Income</dt>
            <dd>{formatMoney(result.monthly)}</dd>
          </Result>
          <Result>
            <dt>Weekly Income</dt>
            <dd>{formatMoney(result.weekly)}</dd>
          </Result>
        </Results>
      ) : null}
    </Card>
  );
}

export function DripCalculator({ etfs }: { etfs: EtfListItem[] }) {
  const [etfId, setEtfId] = useState<string>(MANUAL);
  const [initialInvestment, setInitialInvestment] = useState<string>(CALCULATOR_DEFAULTS.investment);
  const [sharePrice, setSharePrice] = useState('');
  const [weeklyDividend, setWeeklyDividend] = useState('');
  const [years, setYears] = useState<string>(CALCULATOR_DEFAULTS.years);
  const [result, setResult] = useState<DripCalculatorResult | null>(null);
  const [calculate, { isLoading }] = useCalculateDripMutation();
  const notify = useMissingDataToast();

  function pick(id: string) {
    setEtfId(id);
    const etf = etfs.find((e) => e.id === id);
    if (etf) {
      const fields = dripFieldsFromEtf(etf);
      setSharePrice(fields.sharePrice);
      setWeeklyDividend(fields.weeklyDividend);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = dripRequestOf({ initialInvestment, sharePrice, weeklyDividend, years });
    if (!request) return notify.missing();
    try {
      setResult(await calculate(request).unwrap());
    } catch (error) {
      notify.failed(error);
    }
  }

  const growth = result ? toNumber(result.growth) : null;
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
          onChange={(e) => setInitialInvestment(formatAmountInput(e.target.value))}
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
            onChange={(e) => setSharePrice(e.target.value)}
          />
          <TextField
            label="Weekly Dividend ($)"
            name="weeklyDividend"
            type="number"
            step="0.001"
            min="0"
            inputMode="decimal"
            value={weeklyDividend}
            onChange={(e) => setWeeklyDividend(e.target.value)}
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
          onChange={(e) => setYears(e.target.value)}
        />
        <Button type="submit" disabled={isLoading} $block>
          {isLoading ? 'Calculating...' : 'Calculate DRIP'}
        </Button>
      </Form>
      {result ? (
        <Results aria-live="polite" data-testid="drip-results">
          <Result>
            <dt>Final Value</dt>
            <dd>{formatUsd(result.finalValue)}</dd>
          </Result>
          <Result>
            <dt>Total Shares</dt>
            <dd>{formatWhole(result.totalShares)}</dd>
          </Result>
          <Result>
            <dt>Growth</dt>
            <dd>{growth === null ? 'N/A' : formatSignedPercent(growth, 1)}</dd>
          </Result>
        </Results>
      ) : null}
    </Card>
  );
}

const Section = styled.section`
  padding: 56px 0 8px;
  /* Below the first screen: skip its style, layout and paint until it scrolls near. */
  content-visibility: auto;
  contain-intrinsic-size: auto 1200px;
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

const Results = styled.dl`
  display: grid;
  grid-template-columns: repeat(3, 1fr);
  gap: 8px;
  margin: 20px 0 0;
  padding: 16px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAccent};
`;

const Result = styled.div`
  min-width: 0;
  & dt {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textSecondary};
    font-weight: 600;
  }
  & dd {
    margin: 2px 0 0;
    font-size: ${theme.fontSizes.lg};
    font-weight: 800;
    overflow-wrap: anywhere;
  }
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
