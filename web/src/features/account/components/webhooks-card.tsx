import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { WebhookDelivery } from '../../../../../contracts/webhooks.ts';
import { isApiError, serverMessage } from '../../../api/base-api.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { serverFieldErrors } from '../../../lib/use-form-fields.ts';
import { theme } from '../../../styles/theme.ts';
import { useListWebhooksQuery, useRegisterWebhookMutation, useRemoveWebhookMutation } from '../open-data-api.ts';
import { Empty, formatWhen, Item, List, Meta, Name } from './api-tokens-card.tsx';
import { Actions, Form } from './profile-card.tsx';
import { SecretOnce } from './secret-once.tsx';

/** The event kinds as the card names them (the API's names in docs/open-data.md). */
const EVENTS = [
  { type: 'distribution.declared', label: 'A distribution of a fund you hold is declared' },
  { type: 'distribution.changed', label: 'A declared distribution is revised or withdrawn' },
  { type: 'payout.received', label: 'A payout is received (marked by you or reported by your broker)' },
  { type: 'alert.sent', label: 'We send you an alert email' },
] as const;
type EventType = (typeof EVENTS)[number]['type'];

export const webhooksTexts = {
  title: 'Webhooks',
  text: 'We POST a signed JSON message to your HTTPS endpoint when something happens to your holdings. Up to three endpoints. Failed deliveries are retried for 24 hours.',
  premium: 'Webhooks are part of Premium.',
  upgrade: 'See Premium',
  url: 'Endpoint URL',
  urlHint: 'An https:// address on the public internet.',
  events: 'Send me',
  eventsError: 'Choose at least one event',
  add: 'Add endpoint',
  adding: 'Adding...',
  secretLabel: 'Signing secret of the new endpoint',
  secretWarning: 'Copy this signing secret now. It will not be shown again. Use it to check the WeeklyDiv-Signature header of every delivery.',
  empty: 'No webhook endpoints yet.',
  deliveries: 'Recent deliveries',
  noDeliveries: 'Nothing sent yet.',
  remove: 'Remove',
  confirmTitle: 'Remove this endpoint?',
  confirmText: 'Nothing more is sent to it, pending retries included.',
  cancel: 'Cancel',
  removed: 'Endpoint removed',
  failed: 'Adding the endpoint failed',
  removeFailed: 'Removing the endpoint failed',
} as const;

const STATUS_TONE: Record<WebhookDelivery['status'], BadgeTone> = { pending: 'warning', delivered: 'positive', failed: 'negative' };

function deliveryLine(d: WebhookDelivery): string {
  const tries = `${d.attempts} ${d.attempts === 1 ? 'attempt' : 'attempts'}`;
  const last = d.lastStatusCode !== null ? `, last answer ${d.lastStatusCode}` : d.lastError ? `, ${d.lastError}` : '';
  return `${d.type} · ${formatWhen(d.createdAt)} · ${tries}${last}`;
}

/**
 * The account page's "Webhooks" (`/api/user/webhooks`, Premium; docs/open-data.md): add an endpoint
 * (URL, events), see its signing secret once, the endpoints with their recent deliveries and status,
 * remove with a confirmation. Without Premium: the upgrade link (a lapsed user still sees and removes
 * endpoints registered before).
 */
export function WebhooksCard({ isPremium }: { isPremium: boolean }) {
  const { data: hooks } = useListWebhooksQuery();
  const [register, { isLoading: adding }] = useRegisterWebhookMutation();
  const [remove, { isLoading: removing }] = useRemoveWebhookMutation();
  const { toast } = useToast();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventType[]>(['distribution.declared', 'payout.received']);
  const [errors, setErrors] = useState<{ url?: string | undefined; events?: string | undefined }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  function toggle(type: EventType, on: boolean) {
    setEvents((current) => (on ? [...current, type] : current.filter((t) => t !== type)));
  }

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (events.length === 0) {
      setErrors({ events: webhooksTexts.eventsError });
      return;
    }
    try {
      const created = await register({ url, events }).unwrap();
      setSecret(created.secret);
      setUrl('');
      setErrors({});
    } catch (error) {
      if (isApiError(error)) setErrors(serverFieldErrors(error.data, ['url', 'events']));
      toast({ title: webhooksTexts.failed, description: serverMessage(error), variant: 'destructive' });
    }
  }

  async function onRemove() {
    if (!confirming) return;
    try {
      await remove(confirming).unwrap();
      toast({ title: webhooksTexts.removed });
    } catch (error) {
      toast({ title: webhooksTexts.removeFailed, description: serverMessage(error), variant: 'destructive' });
    }
    setConfirming(null);
  }

  return (
    <Card aria-labelledby="webhooks-title">
      <CardTitle as="h2" id="webhooks-title">
        {webhooksTexts.title}
      </CardTitle>
      <CardText>{webhooksTexts.text}</CardText>
      {!isPremium ? (
        <Actions>
          <CardText>{webhooksTexts.premium}</CardText>
          <ButtonLink to={paths.pricing}>{webhooksTexts.upgrade}</ButtonLink>
        </Actions>
      ) : secret ? (
        <SecretOnce label={webhooksTexts.secretLabel} warning={webhooksTexts.secretWarning} secret={secret} onDone={() => setSecret(null)} />
      ) : (
        <HookForm onSubmit={onAdd} noValidate aria-label={webhooksTexts.add}>
          <TextField label={webhooksTexts.url} hint={webhooksTexts.urlHint} type="url" inputMode="url" value={url} error={errors.url} onChange={(e) => setUrl(e.target.value)} />
          <Fieldset aria-invalid={errors.events ? true : undefined}>
            <legend>{webhooksTexts.events}</legend>
            {EVENTS.map((e) => (
              <Check key={e.type}>
                <input type="checkbox" checked={events.includes(e.type)} onChange={(ev) => toggle(e.type, ev.target.checked)} />
                <span>
                  {e.label} <Code>{e.type}</Code>
                </span>
              </Check>
            ))}
            {errors.events && <ErrorText role="alert">{errors.events}</ErrorText>}
          </Fieldset>
          <Actions>
            <Button type="submit" disabled={adding}>
              {adding ? webhooksTexts.adding : webhooksTexts.add}
            </Button>
          </Actions>
        </HookForm>
      )}
      {hooks && (isPremium || hooks.length > 0) && (
        <List aria-label={webhooksTexts.title}>
          {hooks.length === 0 && <Empty>{webhooksTexts.empty}</Empty>}
          {hooks.map((h) => (
            <HookItem key={h.id}>
              <Head>
                <div>
                  <Name>{h.url}</Name>
                  <Meta>{h.events.join(', ')}</Meta>
                </div>
                <Button type="button" $variant="outline" onClick={() => setConfirming(h.id)} aria-label={`${webhooksTexts.remove} ${h.url}`}>
                  {webhooksTexts.remove}
                </Button>
              </Head>
              <Meta>{webhooksTexts.deliveries}</Meta>
              <Deliveries>
                {h.deliveries.length === 0 && <Meta as="li">{webhooksTexts.noDeliveries}</Meta>}
                {h.deliveries.slice(0, 5).map((d) => (
                  <Meta as="li" key={d.id}>
                    <Badge $tone={STATUS_TONE[d.status]}>{d.status}</Badge> {deliveryLine(d)}
                  </Meta>
                ))}
              </Deliveries>
            </HookItem>
          ))}
        </List>
      )}
      {confirming && (
        <Dialog open onClose={() => setConfirming(null)} title={webhooksTexts.confirmTitle} description={webhooksTexts.confirmText}>
          <DialogActions>
            <Button $variant="ghost" onClick={() => setConfirming(null)}>
              {webhooksTexts.cancel}
            </Button>
            <Button $variant="destructive" onClick={onRemove} disabled={removing}>
              {webhooksTexts.remove}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}

const HookForm = styled(Form)`
  margin-top: ${theme.space.md};
`;

const Fieldset = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 6px;
  legend {
    font-weight: 600;
    margin-bottom: 6px;
  }
`;

const Check = styled.label`
  display: flex;
  gap: 8px;
  align-items: flex-start;
  input {
    margin-top: 4px;
  }
`;

const Code = styled.code`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textSecondary};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.negative};
  font-size: ${theme.fontSizes.sm};
`;

const HookItem = styled(Item)`
  display: grid;
  gap: 6px;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Deliveries = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
`;
