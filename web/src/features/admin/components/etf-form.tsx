import { useEffect, useRef, useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { createEtf, updateEtf } from '../../../../../contracts/catalog.ts';
import type { BodyIn } from '../../../../../contracts/endpoint.ts';
import type { EtfListItem } from '../../../../../contracts/market.ts';
import { useGetEtfDetailQuery } from '../../../api/market-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { FieldLabel, FieldWrapper, TextField, fieldControl } from '../../../components/ui/input.tsx';
import { StateMessage } from '../../../components/ui/layout.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { theme } from '../../../styles/theme.ts';
import { useCreateEtfMutation, useUpdateEtfMutation } from '../api.ts';
import { failureMessage } from '../failure-message.ts';

export const etfFormMessages = {
  created: 'ETF created successfully',
  updated: 'ETF updated successfully',
  createFailed: 'Failed to create ETF',
  updateFailed: 'Failed to update ETF',
} as const;

/**
 * The form's fields: those of the create and edit requests it shows (the extras frequency, underlying and
 * inception date are not on the form). The description is left out on an edit whose description was not
 * loaded (the server keeps the value).
 */
type EtfFields = Required<Pick<BodyIn<typeof createEtf> & BodyIn<typeof updateEtf>, 'ticker' | 'name' | 'brand'>> &
  Pick<BodyIn<typeof createEtf> & BodyIn<typeof updateEtf>, 'description'>;

interface EtfFormCardProps {
  /** The fund being edited, or null to create one. */
  editing: EtfListItem | null;
  /** Called after a save or Cancel of an edit (the form resets to "create"). */
  onDone: () => void;
}

/**
 * Create an ETF (ticker, name, brand, description) or edit one with the same fields (spec §2, §5).
 * Editing loads the fund's description first (the list has none); the form is keyed by the fund, so
 * saving or cancelling resets it.
 */
export function EtfFormCard({ editing, onDone }: EtfFormCardProps) {
  const detail = useGetEtfDetailQuery(editing?.ticker ?? '', { skip: !editing });
  let body;
  if (!editing) body = <EtfForm key="new" initial={{ ticker: '', name: '', brand: '', description: '' }} onDone={onDone} />;
  else if (detail.isLoading || detail.isFetching) body = <StateMessage role="status">Loading ETF details...</StateMessage>;
  else {
    // without the detail (it failed) the description is left out of the update: the server keeps it
    const description = detail.data?.description;
    body = (
      <EtfForm
        key={editing.id}
        editing={editing}
        initial={{ ticker: editing.ticker, name: editing.name, brand: editing.brand, ...(description === undefined ? {} : { description }) }}
        onDone={onDone}
      />
    );
  }
  return (
    <Card id="etf-form" aria-labelledby="etf-form-title">
      <CardTitle as="h2" id="etf-form-title">{editing ? `Edit ETF ${editing.ticker}` : 'Create New ETF'}</CardTitle>
      {body}
    </Card>
  );
}

interface EtfFormProps {
  editing?: EtfListItem;
  initial: EtfFields;
  onDone: () => void;
}

function EtfForm({ editing, initial, onDone }: EtfFormProps) {
  const [values, setValues] = useState<EtfFields>(initial);
  const tickerRef = useRef<HTMLInputElement>(null);
  // an edit starts in the ticker field (the form above the table scrolled into view)
  useEffect(() => {
    if (editing) tickerRef.current?.focus({ preventScroll: true });
  }, [editing]);
  const [createEtf, creating] = useCreateEtfMutation();
  const [updateEtf, updating] = useUpdateEtfMutation();
  const { toast } = useToast();
  const busy = creating.isLoading || updating.isLoading;
  const canSave = values.ticker.trim() !== '' && values.name.trim() !== '';

  const set = (field: keyof EtfFields) => (value: string) => setValues((v) => ({ ...v, [field]: field === 'ticker' ? value.toUpperCase() : value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSave || busy) return;
    const input: EtfFields = { ticker: values.ticker.trim(), name: values.name.trim(), brand: values.brand.trim() };
    if (values.description !== undefined) input.description = values.description.trim();
    try {
      if (editing) {
        await updateEtf({ id: editing.id, previousTicker: editing.ticker, input }).unwrap();
        toast({ title: 'Success', description: etfFormMessages.updated });
        onDone();
      } else {
        await createEtf(input).unwrap();
        toast({ title: 'Success', description: etfFormMessages.created });
        setValues(initial);
        onDone();
      }
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, editing ? etfFormMessages.updateFailed : etfFormMessages.createFailed), variant: 'destructive' });
    }
  }

  return (
    <Form onSubmit={submit} aria-label={editing ? `Edit ETF ${editing.ticker}` : 'Create ETF'}>
      <Grid>
        <TextField ref={tickerRef} label="Ticker" value={values.ticker} onChange={(e) => set('ticker')(e.target.value)} placeholder="e.g. YMAX" autoComplete="off" required maxLength={8} />
        <TextField label="Name" value={values.name} onChange={(e) => set('name')(e.target.value)} placeholder="Fund name" autoComplete="off" required />
        <TextField label="Brand" value={values.brand} onChange={(e) => set('brand')(e.target.value)} placeholder="e.g. YieldMax" autoComplete="off" />
      </Grid>
      {values.description !== undefined ? (
        <FieldWrapper>
          <FieldLabel htmlFor="etf-description">Description</FieldLabel>
          <TextArea id="etf-description" rows={3} value={values.description} onChange={(e) => set('description')(e.target.value)} />
        </FieldWrapper>
      ) : null}
      <Actions>
        <Button type="submit" $variant="primary" disabled={!canSave || busy}>
          {editing ? (updating.isLoading ? 'Updating...' : 'Update ETF') : creating.isLoading ? 'Creating...' : 'Create ETF'}
        </Button>
        {editing ? (
          <Button type="button" $variant="outline" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </Actions>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${theme.space.md};
  margin-top: ${theme.space.md};
`;

const Grid = styled.div`
  display: grid;
  gap: ${theme.space.md};
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: 1fr 2fr 1fr;
  }
`;

const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${fieldControl}
  resize: vertical;
  min-height: 72px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;
