import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { isApiError, serverMessage } from '../../../api/base-api.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { serverFieldErrors } from '../../../lib/use-form-fields.ts';
import { theme } from '../../../styles/theme.ts';
import { useCreateApiTokenMutation, useListApiTokensQuery, useRevokeApiTokenMutation } from '../open-data-api.ts';
import { Actions, Form } from './profile-card.tsx';
import { SecretOnce } from './secret-once.tsx';

export const apiTokensTexts = {
  title: 'API tokens',
  text: 'Read your portfolio, favorites, calendar, income and payouts from your own scripts and spreadsheets. A token can only read: it never changes anything, and it cannot reach this page. Send it as "Authorization: Bearer <token>".',
  name: 'Token name',
  nameHint: 'What it is for, such as "Spreadsheet".',
  expiry: 'Expires',
  create: 'Create token',
  creating: 'Creating...',
  secretLabel: 'Your new API token',
  secretWarning: 'Copy this token now. It will not be shown again: only a fingerprint of it is kept.',
  empty: 'No API tokens yet.',
  created: 'Created',
  expires: 'Expires',
  never: 'Never',
  lastUsed: 'Last used',
  notUsed: 'Not used yet',
  expired: 'Expired',
  revoke: 'Revoke',
  confirmTitle: (name: string) => `Revoke "${name}"?`,
  confirmText: 'Scripts using this token stop working at once. This cannot be undone.',
  cancel: 'Cancel',
  revoked: 'Token revoked',
  failed: 'Creating the token failed',
  revokeFailed: 'Revoking the token failed',
} as const;

/** Expiry choices: days from now (null: until revoked). */
const EXPIRY_CHOICES = [
  { value: '', label: 'Never (until revoked)', days: null },
  { value: '30', label: 'In 30 days', days: 30 },
  { value: '90', label: 'In 90 days', days: 90 },
  { value: '365', label: 'In one year', days: 365 },
] as const;

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/**
 * The account page's "API tokens" (`/api/user/tokens`, docs/open-data.md): create one with a name and
 * an optional expiry, see its secret once (copy button, warning), the list with when each was last
 * used, revoke with a confirmation.
 */
export function ApiTokensCard() {
  const { data: tokens, isLoading } = useListApiTokensQuery();
  const [create, { isLoading: creating }] = useCreateApiTokenMutation();
  const [revoke, { isLoading: revoking }] = useRevokeApiTokenMutation();
  const { toast } = useToast();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [nameError, setNameError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ id: string; name: string } | null>(null);

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const days = EXPIRY_CHOICES.find((c) => c.value === expiry)?.days ?? null;
    const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString();
    try {
      const created = await create({ name, expiresAt }).unwrap();
      setSecret(created.token);
      setName('');
      setNameError(undefined);
    } catch (error) {
      if (isApiError(error)) setNameError(serverFieldErrors(error.data, ['name']).name);
      toast({ title: apiTokensTexts.failed, description: serverMessage(error), variant: 'destructive' });
    }
  }

  async function onRevoke() {
    if (!confirming) return;
    try {
      await revoke(confirming.id).unwrap();
      toast({ title: apiTokensTexts.revoked });
    } catch (error) {
      toast({ title: apiTokensTexts.revokeFailed, description: serverMessage(error), variant: 'destructive' });
    }
    setConfirming(null);
  }

  return (
    <Card aria-labelledby="api-tokens-title">
      <CardTitle as="h2" id="api-tokens-title">
        {apiTokensTexts.title}
      </CardTitle>
      <CardText>{apiTokensTexts.text}</CardText>
      {secret ? (
        <SecretOnce label={apiTokensTexts.secretLabel} warning={apiTokensTexts.secretWarning} secret={secret} onDone={() => setSecret(null)} />
      ) : (
        <TokenForm onSubmit={onCreate} noValidate aria-label={apiTokensTexts.create}>
          <TextField label={apiTokensTexts.name} hint={apiTokensTexts.nameHint} value={name} maxLength={60} error={nameError} onChange={(e) => setName(e.target.value)} />
          <SelectField label={apiTokensTexts.expiry} value={expiry} onChange={(e) => setExpiry(e.target.value)}>
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </SelectField>
          <Actions>
            <Button type="submit" disabled={creating}>
              {creating ? apiTokensTexts.creating : apiTokensTexts.create}
            </Button>
          </Actions>
        </TokenForm>
      )}
      {!isLoading && tokens && (
        <List aria-label={apiTokensTexts.title}>
          {tokens.length === 0 && <Empty>{apiTokensTexts.empty}</Empty>}
          {tokens.map((t) => (
            <Item key={t.id}>
              <div>
                <Name>
                  {t.name} {t.expired && <Badge $tone="negative">{apiTokensTexts.expired}</Badge>}
                </Name>
                <Meta>
                  {apiTokensTexts.created} {formatWhen(t.createdAt)} · {apiTokensTexts.expires} {t.expiresAt ? formatWhen(t.expiresAt) : apiTokensTexts.never} ·{' '}
                  {t.lastUsedAt ? `${apiTokensTexts.lastUsed} ${formatWhen(t.lastUsedAt)}` : apiTokensTexts.notUsed}
                </Meta>
              </div>
              <Button type="button" $variant="outline" onClick={() => setConfirming({ id: t.id, name: t.name })} aria-label={`${apiTokensTexts.revoke} ${t.name}`}>
                {apiTokensTexts.revoke}
              </Button>
            </Item>
          ))}
        </List>
      )}
      {confirming && (
        <Dialog open onClose={() => setConfirming(null)} title={apiTokensTexts.confirmTitle(confirming.name)} description={apiTokensTexts.confirmText}>
          <DialogActions>
            <Button $variant="ghost" onClick={() => setConfirming(null)}>
              {apiTokensTexts.cancel}
            </Button>
            <Button $variant="destructive" onClick={onRevoke} disabled={revoking}>
              {apiTokensTexts.revoke}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Card>
  );
}

const TokenForm = styled(Form)`
  margin-top: ${theme.space.md};
`;

export const List = styled.ul`
  list-style: none;
  margin: ${theme.space.md} 0 0;
  padding: 0;
  display: grid;
  gap: 8px;
`;

export const Item = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 0;
  border-top: 1px solid ${theme.colors.border};
`;

export const Name = styled.div`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

export const Meta = styled.div`
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

export const Empty = styled.li`
  color: ${theme.colors.textSecondary};
`;
