import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { serverMessage } from '../../../api/base-api.ts';
import { useAddHoldingMutation } from '../../../api/holdings-api.ts';
import type { EtfListItem, NewHolding } from '../../../api/types.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { marketToday } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';

interface Props {
  /** The ETF chosen (Favorites or Find ETFs); null when closed. */
  etf: EtfListItem | null;
  onClose: () => void;
}

const EMPTY = { shares: '', purchasePrice: '', purchaseDate: '', isDrip: false };

/**
 * The personal area's "Add to Portfolio" dialog (spec §2, §5): ETF ticker and name, "Number of
 * Shares *", optional purchase price and date, the DRIP switch. Missing ETF or shares: the toast
 * "Please fill in required fields" and nothing is sent; an empty price or date is left out of the
 * request. Success closes and resets; Cancel (or closing) resets.
 */
export function AddHoldingDialog({ etf, onClose }: Props) {
  const [form, setForm] = useState(EMPTY);
  const [addHolding, { isLoading }] = useAddHoldingMutation();
  const { toast } = useToast();

  function close() {
    setForm(EMPTY);
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!etf || form.shares.trim() === '') {
      toast({ title: 'Please fill in required fields', variant: 'destructive' });
      return;
    }
    const body: NewHolding = { etfId: etf.id, shares: form.shares.trim(), isDrip: form.isDrip ? 1 : 0 };
    if (form.purchasePrice.trim() !== '') body.purchasePrice = form.purchasePrice.trim();
    if (form.purchaseDate !== '') body.purchaseDate = form.purchaseDate;
    try {
      await addHolding(body).unwrap();
      toast({ title: 'Added to portfolio', description: `${etf.ticker} was added to your portfolio.` });
      close();
    } catch (error) {
      toast({ title: 'Failed to add to portfolio', description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Dialog open={etf !== null} onClose={close} title="Add to Portfolio">
      <Form onSubmit={onSubmit} noValidate>
        {etf ? (
          <Chosen>
            <Badge $tone="accent">{etf.ticker}</Badge>
            <span>{etf.name}</span>
          </Chosen>
        ) : null}
        <TextField
          label="Number of Shares *"
          name="shares"
          type="number"
          step="0.0001"
          min="0"
          inputMode="decimal"
          aria-required="true"
          data-autofocus
          value={form.shares}
          onChange={(e) => setForm((f) => ({ ...f, shares: e.target.value }))}
        />
        <TextField
          label="Purchase Price (optional)"
          name="purchasePrice"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          value={form.purchasePrice}
          onChange={(e) => setForm((f) => ({ ...f, purchasePrice: e.target.value }))}
        />
        <TextField
          label="Purchase Date (optional)"
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
          <Button $variant="outline" onClick={close}>
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

const Chosen = styled.p`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 10px 12px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceAccent};
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;
