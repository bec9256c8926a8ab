import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { PayoutStatus } from '../../../../../contracts/payouts.ts';
import { serverMessage } from '../../../api/base-api.ts';
import { useMarkPayoutReceivedMutation } from '../../../api/payouts-api.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatMoney, formatShortDate } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';

/**
 * "Did I get paid?" (issue 28, docs/payouts.md "States"): a payout's state as a small badge, and the
 * "Mark received" control of a paid payout of a hand-entered holding (the brokerage confirms a synced
 * one; a mark is still the user's word over it, but the control is offered where nothing else confirms).
 */

export const payoutStatusTexts = {
  label: {
    projected: 'Projected',
    declared: 'Declared',
    entitled: 'Entitled',
    paid: 'Paid',
    received: 'Received',
    short: 'Short',
    missing: 'Missing',
  } satisfies Record<PayoutStatus, string>,
  title: {
    projected: 'Projected: not declared by the issuer yet',
    declared: 'Declared by the issuer; the ex-date is ahead',
    entitled: 'Entitled: you held the shares on the ex-date; the pay date is ahead',
    paid: 'Already paid: counted in Income Received',
    received: 'Received: your brokerage or your mark says it arrived',
    short: 'Short: less arrived than your shares were entitled to',
    missing: 'Missing: no record from your brokerage 4 business days after the pay date',
  } satisfies Record<PayoutStatus, string>,
  markReceived: 'Mark received',
  dialogTitle: (ticker: string) => `Mark ${ticker} received`,
  dialogDescription: (payDate: string, expected: string) => `Paid ${formatShortDate(payDate)}; expected ${formatMoney(expected)}. Enter what arrived in your account.`,
  amountLabel: 'Amount received ($)',
  cancel: 'Cancel',
  saving: 'Saving...',
  marked: 'Marked received',
  markedDescription: (ticker: string, amount: string, payDate: string) => `${ticker} ${formatShortDate(payDate)}: ${formatMoney(amount)} received.`,
  markFailed: 'Failed to mark received',
} as const;

const TONES: Record<PayoutStatus, BadgeTone> = {
  projected: 'neutral',
  declared: 'neutral',
  entitled: 'accent',
  paid: 'neutral',
  received: 'positive',
  short: 'warning',
  missing: 'negative',
};

/**
 * What the holding's Income Received is made of (docs/metrics.md "Income received"): confirmed (the
 * broker's records or the user's marks), expected but not yet confirmed (paid, nothing confirms it yet),
 * and beside it what is not counted: missing payouts and what short ones fell below their amount.
 */
export const incomeConfirmationTexts = {
  confirmed: (amount: string) => `${formatMoney(amount)} confirmed`,
  unconfirmed: (amount: string) => `${formatMoney(amount)} expected, not yet confirmed`,
  missing: (amount: string) => `${formatMoney(amount)} missing`,
  short: (amount: string) => `${formatMoney(amount)} short`,
  title:
    'Confirmed: your brokerage or your mark says it arrived. Expected, not yet confirmed: paid by the fund, nothing says it arrived yet. Missing and short amounts are not counted.',
} as const;

/** "$63.00 confirmed · $40.00 expected, not yet confirmed · $10.00 missing · $2.00 short" (the parts above 0); null when all are 0. */
export function incomeConfirmationText(h: { incomeConfirmed: string; incomeUnconfirmed: string; incomeMissing: string; incomeShortfall: string }): string | null {
  const t = incomeConfirmationTexts;
  const parts = [
    [h.incomeConfirmed, t.confirmed],
    [h.incomeUnconfirmed, t.unconfirmed],
    [h.incomeMissing, t.missing],
    [h.incomeShortfall, t.short],
  ] as const;
  const shown = parts.filter(([amount]) => Number(amount) > 0).map(([amount, text]) => text(amount));
  return shown.length === 0 ? null : shown.join(' · ');
}

/** "Received $40.00", "Short $13.00 of $15.00", else the state's name. */
export function payoutStatusText(status: PayoutStatus, received: string | null, expected: string | null): string {
  const label = payoutStatusTexts.label[status];
  if (status === 'received' && received !== null) return `${label} ${formatMoney(received)}`;
  if (status === 'short' && received !== null) return expected === null ? `${label} ${formatMoney(received)}` : `${label} ${formatMoney(received)} of ${formatMoney(expected)}`;
  return label;
}

export function PayoutStatusBadge({ status, received = null, expected = null }: { status: PayoutStatus; received?: string | null; expected?: string | null }) {
  return (
    <Badge $tone={TONES[status]} title={payoutStatusTexts.title[status]} data-testid="payout-status" data-status={status}>
      {payoutStatusText(status, received, expected)}
    </Badge>
  );
}

export interface MarkablePayout {
  holdingId: string;
  exDate: string;
  payDate: string;
  ticker: string;
  /** Cents, as the API gives it; the amount field starts with it. */
  expected: string;
}

/** "Mark received": one button; the dialog's amount starts at the expected amount; the server's message shows under the field. */
export function MarkReceivedButton({ payout }: { payout: MarkablePayout }) {
  const t = payoutStatusTexts;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(payout.expected);
  const [error, setError] = useState<string | undefined>(undefined);
  const [mark, { isLoading }] = useMarkPayoutReceivedMutation();
  const { toast } = useToast();

  function start() {
    setAmount(payout.expected);
    setError(undefined);
    setOpen(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const result = await mark({ holdingId: payout.holdingId, exDate: payout.exDate, amount: amount.trim() }).unwrap();
      setOpen(false);
      toast({ title: t.marked, description: t.markedDescription(payout.ticker, result.received ?? amount, payout.payDate) });
    } catch (e) {
      const message = serverMessage(e);
      setError(message);
      toast({ title: t.markFailed, description: message, variant: 'destructive' });
    }
  }

  return (
    <>
      <Button $variant="outline" $size="sm" onClick={start} data-testid="mark-received" aria-label={`${t.markReceived}: ${payout.ticker} ${formatShortDate(payout.payDate)}`}>
        {t.markReceived}
      </Button>
      <Dialog open={open} onClose={isLoading ? () => {} : () => setOpen(false)} title={t.dialogTitle(payout.ticker)} description={t.dialogDescription(payout.payDate, payout.expected)}>
        <Form onSubmit={(e) => void submit(e)} noValidate>
          <TextField label={t.amountLabel} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} error={error} data-autofocus name="amount" />
          <DialogActions>
            <Button type="button" $variant="outline" onClick={() => setOpen(false)} disabled={isLoading}>
              {t.cancel}
            </Button>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? t.saving : t.markReceived}
            </Button>
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;
