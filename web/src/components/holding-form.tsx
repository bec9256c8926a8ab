import type { FormEvent, ReactNode } from 'react';
import { styled } from 'styled-components';
import { serverMessage } from '../api/base-api.ts';
import { useAddHoldingMutation } from '../api/holdings-api.ts';
import type { NewHolding } from '../../../contracts/portfolio.ts';
import { marketToday } from '../lib/format.ts';
import { Button } from './ui/button.tsx';
import { DialogActions } from './ui/dialog.tsx';
import { TextField } from './ui/input.tsx';
import { Switch } from './ui/switch.tsx';
import { useToast } from './ui/toast.tsx';

/**
 * The holding form both "add to portfolio" dialogs share (the detail page's modal and the
 * personal area's dialog): shares, optional purchase price and date (no later than New York's
 * today), the DRIP switch, Cancel and "Add to Portfolio" ("Adding..." while pending). Each dialog
 * keeps its own labels, defaults and checks (see add-to-portfolio-modal.tsx and add-holding-dialog.tsx).
 */
export interface HoldingFormValues {
  shares: string;
  purchasePrice: string;
  purchaseDate: string;
  isDrip: boolean;
}

export interface HoldingFieldLabels {
  shares: string;
  purchasePrice: string;
  purchaseDate: string;
}

interface Props {
  values: HoldingFormValues;
  onChange: (change: Partial<HoldingFormValues>) => void;
  labels: HoldingFieldLabels;
  /** `required` (native) or only announced (`aria-required`), as each dialog validates its own way. */
  sharesRequired: 'required' | 'announced';
  sharesError?: string | undefined;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  /** Shown above the fields (the chosen fund). */
  children?: ReactNode;
}

export function HoldingForm({ values, onChange, labels, sharesRequired, sharesError, busy, onSubmit, onCancel, children }: Props) {
  return (
    <Form onSubmit={onSubmit} noValidate>
      {children}
      <TextField
        label={labels.shares}
        name="shares"
        type="number"
        step="0.0001"
        min="0"
        inputMode="decimal"
        {...(sharesRequired === 'required' ? { required: true } : { 'aria-required': true })}
        data-autofocus
        value={values.shares}
        error={sharesError}
        onChange={(e) => onChange({ shares: e.target.value })}
      />
      <TextField
        label={labels.purchasePrice}
        name="purchasePrice"
        type="number"
        step="0.01"
        min="0"
        inputMode="decimal"
        value={values.purchasePrice}
        onChange={(e) => onChange({ purchasePrice: e.target.value })}
      />
      <TextField
        label={labels.purchaseDate}
        name="purchaseDate"
        type="date"
        max={marketToday()}
        value={values.purchaseDate}
        onChange={(e) => onChange({ purchaseDate: e.target.value })}
      />
      <Switch
        label="DRIP (Dividend Reinvestment Plan)"
        description="Automatically reinvest dividends"
        checked={values.isDrip}
        onChange={(isDrip) => onChange({ isDrip })}
      />
      <DialogActions>
        <Button $variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Adding...' : 'Add to Portfolio'}
        </Button>
      </DialogActions>
    </Form>
  );
}

/**
 * Sends a new holding and says how it went: "Added to portfolio" or the destructive "Failed to add
 * to portfolio" with the server's message. Resolves true when the holding was added.
 */
export function useAddHoldingWithToasts(): [(holding: NewHolding, ticker: string) => Promise<boolean>, boolean] {
  const [addHolding, { isLoading }] = useAddHoldingMutation();
  const { toast } = useToast();
  async function add(holding: NewHolding, ticker: string): Promise<boolean> {
    try {
      await addHolding(holding).unwrap();
      toast({ title: 'Added to portfolio', description: `${ticker} was added to your portfolio.` });
      return true;
    } catch (error) {
      toast({ title: 'Failed to add to portfolio', description: serverMessage(error), variant: 'destructive' });
      return false;
    }
  }
  return [add, isLoading];
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;
