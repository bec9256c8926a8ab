import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import type { NewHolding } from '../../../../../contracts/portfolio.ts';
import { HoldingForm, useAddHoldingWithToasts } from '../../../components/holding-form.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { theme } from '../../../styles/theme.ts';

interface Props {
  /** The ETF chosen (Favorites or Find ETFs); null when closed. */
  etf: EtfListItem | null;
  onClose: () => void;
}

const EMPTY = { shares: '', purchasePrice: '', purchaseDate: '', isDrip: false };
const LABELS = { shares: 'Number of Shares *', purchasePrice: 'Purchase Price (optional)', purchaseDate: 'Purchase Date (optional)' };

/**
 * The personal area's "Add to Portfolio" dialog: ETF ticker and name, "Number of
 * Shares *", optional purchase price and date, the DRIP switch. Missing ETF or shares: the toast
 * "Please fill in required fields" and nothing is sent; an empty price or date is left out of the
 * request. Success closes and resets; Cancel (or closing) resets.
 */
export function AddHoldingDialog({ etf, onClose }: Props) {
  const [form, setForm] = useState(EMPTY);
  const [add, busy] = useAddHoldingWithToasts();
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
    if (await add(body, etf.ticker)) close();
  }

  return (
    <Dialog open={etf !== null} onClose={close} title="Add to Portfolio">
      <HoldingForm
        values={form}
        onChange={(change) => setForm((f) => ({ ...f, ...change }))}
        labels={LABELS}
        sharesRequired="announced"
        busy={busy}
        onSubmit={onSubmit}
        onCancel={close}
      >
        {etf ? (
          <Chosen>
            <Badge $tone="accent">{etf.ticker}</Badge>
            <span>{etf.name}</span>
          </Chosen>
        ) : null}
      </HoldingForm>
    </Dialog>
  );
}

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
