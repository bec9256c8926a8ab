import { useEffect, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { serverMessage } from '../../../api/base-api.ts';
import { useAddHoldingMutation } from '../../../api/holdings-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { marketToday, toNumber } from '../../../lib/format.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  etf: { id: string; ticker: string; name: string; currentPrice: string };
}

export const SHARES_MESSAGE = 'Must be a positive number';

function initialForm(currentPrice: string) {
  return { shares: '1', purchasePrice: toNumber(currentPrice) === null ? '' : currentPrice, purchaseDate: marketToday(), isDrip: false };
}

/**
 * "Add {ticker} to Portfolio" (spec §2, §5): shares default "1" (a number above 0, else "Must be a
 * positive number"), purchase price default the current price, purchase date default today (New York's
 * date, the market's), DRIP
 * off. Closes and resets on success or cancel.
 */
export function AddToPortfolioModal({ open, onClose, etf }: Props) {
  const [form, setForm] = useState(() => initialForm(etf.currentPrice));
  const [sharesError, setSharesError] = useState<string | undefined>(undefined);
  const [addHolding, { isLoading }] = useAddHoldingMutation();
  const { toast } = useToast();

  // Fresh defaults every time it opens.
  useEffect(() => {
    if (open) {
      setForm(initialForm(etf.currentPrice));
      setSharesError(undefined);
    }
  }, [open, etf.currentPrice]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const shares = toNumber(form.shares);
    if (shares === null || !(shares > 0)) {
      setSharesError(SHARES_MESSAGE);
      return;
    }
    setSharesError(undefined);
    try {
      await addHolding({
        etfId: etf.id,
        shares: form.shares.trim(),
        purchasePrice: form.purchasePrice.trim() === '' ? null : form.purchasePrice.trim(),
        purchaseDate: form.purchaseDate === '' ? null : form.purchaseDate,
        isDrip: form.isDrip ? 1 : 0,
      }).unwrap();
      toast({ title: 'Added to portfolio', description: `${etf.ticker} was added to your portfolio.` });
      onClose();
    } catch (error) {
      toast({ title: 'Failed to add to portfolio', description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={`Add ${etf.ticker} to Portfolio`} description={etf.name}>
      <Form onSubmit={onSubmit} noValidate>
        <TextField
          label="Number of Shares"
          name="shares"
          type="number"
          step="0.0001"
          min="0"
          inputMode="decimal"
          required
          data-autofocus
          value={form.shares}
          error={sharesError}
          onChange={(e) => setForm((f) => ({ ...f, shares: e.target.value }))}
        />
        <TextField
          label="Purchase Price (Optional)"
          name="purchasePrice"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          value={form.purchasePrice}
          onChange={(e) => setForm((f) => ({ ...f, purchasePrice: e.target.value }))}
        />
        <TextField
          label="Purchase Date (Optional)"
          name="purchaseDate"
          type="date"
          max={marketToday()}
          value={form.purchaseDate}
          onChange={(e) => setForm((f) => ({ ...f, purchaseDate: e.target.value }))}
        />
        <Switch
          label="DRIP (Dividend Reinvestment Plan)"
          description="Automatically reinvest dividends"
          checked={form.isDrip}
          onChange={(isDrip) => setForm((f) => ({ ...f, isDrip }))}
        />
        <DialogActions>
          <Button $variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? 'Adding...' : 'Add to Portfolio'}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;
