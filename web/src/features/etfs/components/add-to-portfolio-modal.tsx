import { useState, type FormEvent } from 'react';
import { HoldingForm, useAddHoldingWithToasts } from '../../../components/holding-form.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { marketToday, toNumber } from '../../../lib/format.ts';

interface Props {
  open: boolean;
  onClose: () => void;
  etf: { id: string; ticker: string; name: string; currentPrice: string };
}

export const SHARES_MESSAGE = 'Must be a positive number';

const LABELS = { shares: 'Number of Shares', purchasePrice: 'Purchase Price (Optional)', purchaseDate: 'Purchase Date (Optional)' };

function initialForm(currentPrice: string) {
  return { shares: '1', purchasePrice: toNumber(currentPrice) === null ? '' : currentPrice, purchaseDate: marketToday(), isDrip: false };
}

/**
 * "Add {ticker} to Portfolio" on the ETF detail page: shares default "1" (a number above 0, else "Must be a
 * positive number"), purchase price default the current price, purchase date default today (New York's
 * date, the market's), DRIP off. Closes and resets on success or cancel.
 */
export function AddToPortfolioModal({ open, onClose, etf }: Props) {
  const [form, setForm] = useState(() => initialForm(etf.currentPrice));
  const [sharesError, setSharesError] = useState<string | undefined>(undefined);
  const [add, busy] = useAddHoldingWithToasts();

  // Fresh defaults every time it opens: adjusted while rendering the opening (React's pattern for state
  // that follows a prop), so the first frame already shows them; a price refresh while open keeps the input.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setForm(initialForm(etf.currentPrice));
      setSharesError(undefined);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const shares = toNumber(form.shares);
    if (shares === null || !(shares > 0)) {
      setSharesError(SHARES_MESSAGE);
      return;
    }
    setSharesError(undefined);
    const added = await add(
      {
        etfId: etf.id,
        shares: form.shares.trim(),
        purchasePrice: form.purchasePrice.trim() === '' ? null : form.purchasePrice.trim(),
        purchaseDate: form.purchaseDate === '' ? null : form.purchaseDate,
        isDrip: form.isDrip ? 1 : 0,
      },
      etf.ticker,
    );
    if (added) onClose();
  }

  return (
    <Dialog open={open} onClose={onClose} title={`Add ${etf.ticker} to Portfolio`} description={etf.name}>
      <HoldingForm
        values={form}
        onChange={(change) => setForm((f) => ({ ...f, ...change }))}
        labels={LABELS}
        sharesRequired="required"
        sharesError={sharesError}
        busy={busy}
        onSubmit={onSubmit}
        onCancel={onClose}
      />
    </Dialog>
  );
}
