import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { IncomeGoalView } from '../../../../../contracts/payouts.ts';
import { serverMessage } from '../../../api/base-api.ts';
import { useGetEtfsQuery } from '../../../api/market-api.ts';
import { useGetIncomeGoalQuery, useSetIncomeGoalMutation } from '../../../api/payouts-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { compareText } from '../../../lib/compare-text.ts';
import { formatMoney, formatNumber, formatShares, toNumber } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';

type GoalPeriod = 'week' | 'month';

export const incomeGoalTexts = {
  title: 'Income goal',
  intro: 'Set what you want your portfolio to pay you each week or month; the progress uses your holdings’ current run rate.',
  periodLabel: 'Per',
  periods: { week: 'Week', month: 'Month' } satisfies Record<GoalPeriod, string>,
  amountLabel: 'Target ($)',
  save: 'Set goal',
  saving: 'Saving...',
  saved: 'Income goal saved',
  savedDescription: (amount: string, period: GoalPeriod) => `Your goal: ${formatMoney(amount)} a ${period}.`,
  saveFailed: 'Failed to save the income goal',
  none: 'No goal yet: set one to see how far your run rate is from it.',
  goal: (amount: string, period: GoalPeriod) => `Goal: ${formatMoney(amount)} a ${period}`,
  runRate: (amount: string, period: GoalPeriod) => `Run rate: ${formatMoney(amount)} a ${period}`,
  progress: (percent: string) => `${formatNumber(toNumber(percent) ?? 0, 2)}% of your goal`,
  gap: (amount: string, period: GoalPeriod) => ((toNumber(amount) ?? 0) > 0 ? `${formatMoney(amount)} a ${period} to go` : 'Goal reached at the current run rate'),
  annual: (amount: string) => `Projected annual income: ${formatMoney(amount)}`,
  fundLabel: 'What would it take with',
  fundPlaceholder: 'Choose a fund',
  takes: (ticker: string, shares: string) => `${formatShares(shares)} more shares of ${ticker} would close the gap`,
  takesCost: (cost: string, price: string) => ` (about ${formatMoney(cost)} at ${formatMoney(price)} a share)`,
  takesAlone: (ticker: string, shares: string, period: GoalPeriod) => `${formatShares(shares)} shares of ${ticker} alone would pay the goal each ${period}.`,
  takesNone: 'This fund has no regular distribution to count on.',
  loadFailed: 'Failed to load your income goal. Please try again later.',
} as const;

/**
 * The income goal card (issue 28, docs/payouts.md "Income goal"): set a weekly or monthly target (PUT),
 * the progress at the holdings' run rate, and for a chosen fund (any in the catalog) the shares it would
 * take (GET with `etfId`). The API's caveat that distributions vary is shown as it comes.
 */
export function IncomeGoalCard() {
  const t = incomeGoalTexts;
  const [etfId, setEtfId] = useState('');
  // `data` keeps the last answer while another fund's loads (the card stays); "what it would take" waits for its own
  const { data, currentData, isError } = useGetIncomeGoalQuery(etfId || undefined);
  const etfs = useGetEtfsQuery().data;
  const funds = [...(etfs ?? [])].sort((a, b) => compareText(a.ticker, b.ticker));

  return (
    <Card aria-labelledby="income-goal-title" data-testid="income-goal">
      <CardTitle as="h2" id="income-goal-title">
        {t.title}
      </CardTitle>
      <Intro>{t.intro}</Intro>
      {isError ? (
        <p role="alert">{t.loadFailed}</p>
      ) : data ? (
        <>
          <GoalForm view={data} />
          <Progress view={data} />
          {data.goal ? (
            <Takes>
              <FundBox>
                <SelectField label={t.fundLabel} value={etfId} onChange={(e) => setEtfId(e.target.value)}>
                  <option value="">{t.fundPlaceholder}</option>
                  {funds.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.ticker}
                    </option>
                  ))}
                </SelectField>
              </FundBox>
              {etfId && currentData ? <WhatItTakes view={currentData} /> : null}
            </Takes>
          ) : null}
          <Caveat role="note" data-testid="goal-caveat">
            {data.caveat}
          </Caveat>
        </>
      ) : null}
    </Card>
  );
}

function GoalForm({ view }: { view: IncomeGoalView }) {
  const t = incomeGoalTexts;
  const [period, setPeriod] = useState<GoalPeriod>(view.goal?.period ?? 'week');
  const [amount, setAmount] = useState(view.goal?.amount ?? '');
  const [error, setError] = useState<string | undefined>(undefined);
  const [save, { isLoading }] = useSetIncomeGoalMutation();
  const { toast } = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const result = await save({ period, amount: amount.trim() }).unwrap();
      setError(undefined);
      toast({ title: t.saved, description: t.savedDescription(result.goal?.amount ?? amount, period) });
    } catch (e) {
      const message = serverMessage(e);
      setError(message);
      toast({ title: t.saveFailed, description: message, variant: 'destructive' });
    }
  }

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate>
      <PeriodBox>
        <SelectField label={t.periodLabel} value={period} onChange={(e) => setPeriod(e.target.value as GoalPeriod)}>
          <option value="week">{t.periods.week}</option>
          <option value="month">{t.periods.month}</option>
        </SelectField>
      </PeriodBox>
      <AmountBox>
        <TextField label={t.amountLabel} name="goal-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={error} />
      </AmountBox>
      <Button type="submit" disabled={isLoading}>
        {isLoading ? t.saving : t.save}
      </Button>
    </Form>
  );
}

function Progress({ view }: { view: IncomeGoalView }) {
  const t = incomeGoalTexts;
  if (!view.goal || view.runRatePerPeriod === null || view.progressPercent === null || view.gapPerPeriod === null) return <Muted>{t.none}</Muted>;
  const { period, amount } = view.goal;
  const percent = toNumber(view.progressPercent) ?? 0;
  return (
    <ProgressBox data-testid="goal-progress">
      <Line>
        <strong>{t.goal(amount, period)}</strong>
        <span>{t.runRate(view.runRatePerPeriod, period)}</span>
      </Line>
      <Bar role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, percent)} aria-valuetext={t.progress(view.progressPercent)} aria-label={t.title}>
        <Fill style={{ width: `${Math.min(100, Math.max(0, percent))}%` }} />
      </Bar>
      <Line>
        <span>{t.progress(view.progressPercent)}</span>
        <span>{t.gap(view.gapPerPeriod, period)}</span>
      </Line>
      <Muted>{t.annual(view.projectedAnnualIncome)}</Muted>
    </ProgressBox>
  );
}

function WhatItTakes({ view }: { view: IncomeGoalView }) {
  const t = incomeGoalTexts;
  const w = view.whatItTakes;
  if (!w || !view.goal) return <Muted data-testid="what-it-takes">{t.takesNone}</Muted>;
  return (
    <div data-testid="what-it-takes">
      <p>
        {t.takes(w.ticker, w.sharesForGap)}
        {w.costForGap !== null && w.price !== null ? t.takesCost(w.costForGap, w.price) : ''}.
      </p>
      <Muted>{t.takesAlone(w.ticker, w.sharesForGoal, view.goal.period)}</Muted>
    </div>
  );
}

const Intro = styled.p`
  margin: 4px 0 ${theme.space.md};
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

const Form = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${theme.space.sm};
  & > button {
    margin-top: 27px;
  }
`;

const PeriodBox = styled.div`
  width: 120px;
`;

const AmountBox = styled.div`
  flex: 1 1 160px;
  max-width: 240px;
`;

const ProgressBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin-top: ${theme.space.md};
`;

const Line = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 12px;
  font-size: ${theme.fontSizes.sm};
`;

const Bar = styled.div`
  height: 10px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceMuted};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  background: ${theme.colors.positive};
`;

const Takes = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin-top: ${theme.space.md};
  font-size: ${theme.fontSizes.sm};
`;

const FundBox = styled.div`
  max-width: 260px;
`;

const Muted = styled.p`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

const Caveat = styled.p`
  margin-top: ${theme.space.md};
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${theme.colors.warningBorder};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.warningSoft};
  color: ${theme.colors.warningText};
  font-size: ${theme.fontSizes.xs};
`;
