import { useMemo, useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { styled } from 'styled-components';
import type { AdminSetting } from '../../../../../contracts/content.ts';
import type { HeaderNavAnswer, SettingWrite } from '../../../../../contracts/settings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { theme } from '../../../styles/theme.ts';
import {
  useGetAdminSettingsQuery,
  useGetFooterSettingQuery,
  useGetHeaderNavSettingQuery,
  usePreviewOwnerHtmlQuery,
  useSaveFooterHtmlMutation,
  useSaveHeaderNavMutation,
  useSaveSettingMutation,
} from '../content-api.ts';
import { failureMessage } from '../content-model.ts';
import { ButtonRow, Section, SectionText, TabStack, TextAreaField } from './content-fields.tsx';
import { SupportInbox } from './support-inbox.tsx';

/** The keys with their own editor; the key/value list leaves them out. */
export const EDITOR_KEYS: readonly string[] = ['footer_html', 'header_nav'];

export const INVALID_JSON = 'Invalid JSON format. Please check your syntax.';

/**
 * Site Settings: the support inbox (issue 29: a card here, since the spec fixes the five tabs), the
 * footer HTML (live sanitised preview), the header navigation JSON, other key/value settings.
 */
export function SettingsTab() {
  return (
    <TabStack>
      <SupportInbox />
      <FooterEditor />
      <HeaderNavEditor />
      <OtherSettings />
    </TabStack>
  );
}

// ---------- Footer ----------

/** How long typing must pause before the footer preview is asked of the server. */
const PREVIEW_DELAY_MS = 300;

function FooterEditor() {
  const { toast } = useToast();
  const { data, isLoading, isError } = useGetFooterSettingQuery();
  const [save, { isLoading: saving }] = useSaveFooterHtmlMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const html = draft ?? data ?? '';
  // The preview is the server's cleaning of the draft (W15: the browser never parses raw event handlers),
  // asked once typing pauses; the saved value is stored cleaned, so it needs no asking. While an answer
  // is on its way the last one stays.
  const settled = useDebouncedValue(draft, PREVIEW_DELAY_MS);
  const saved = data ?? '';
  const asking = settled !== null && settled !== saved ? settled : null;
  const { data: cleaned } = usePreviewOwnerHtmlQuery(asking ?? skipToken);
  const shown = asking === null ? (settled ?? saved) : cleaned;
  const preview = useMemo(() => (shown === undefined ? '' : sanitizeHtml(shown)), [shown]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const stored = await save(html).unwrap();
      setDraft(stored);
      toast({ title: 'Success', description: 'Footer HTML saved successfully' });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to save footer HTML'), variant: 'destructive' });
    }
  }

  return (
    <Card>
      <Section aria-labelledby="footer-editor-title">
        <CardTitle as="h2" id="footer-editor-title">Footer</CardTitle>
        {isLoading ? (
          <SectionText>Loading footer...</SectionText>
        ) : (
          <form onSubmit={submit}>
            <EditorGrid>
              <TextAreaField
                label="Footer HTML"
                code
                rows={10}
                value={html}
                onChange={(e) => setDraft(e.target.value)}
                spellCheck={false}
                hint={
                  isError
                    ? 'The saved footer could not be loaded; saving replaces it.'
                    : 'Shown at the bottom of every page. Empty: the site shows its default copyright line and disclaimer. Scripts, event handlers and forms are removed.'
                }
              />
              <PreviewBlock aria-labelledby="footer-preview-title">
                <PreviewTitle id="footer-preview-title">Preview</PreviewTitle>
                <FooterPreview data-testid="footer-preview" dangerouslySetInnerHTML={{ __html: preview }} />
              </PreviewBlock>
            </EditorGrid>
            <Actions>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Footer'}
              </Button>
            </Actions>
          </form>
        )}
      </Section>
    </Card>
  );
}

// ---------- Header navigation ----------

function HeaderNavEditor() {
  const { toast } = useToast();
  const { data, isLoading } = useGetHeaderNavSettingQuery();
  const [save, { isLoading: saving }] = useSaveHeaderNavMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);
  const text = draft ?? (data ? JSON.stringify(data, null, 2) : '');

  async function submit(event: FormEvent) {
    event.preventDefault();
    let nav: unknown;
    try {
      nav = JSON.parse(text);
    } catch {
      setError(INVALID_JSON);
      toast({ title: 'Error', description: INVALID_JSON, variant: 'destructive' });
      return;
    }
    setError(undefined);
    try {
      // sent as the owner typed it: the server checks the shape (400 naming the item)
      await save(nav as HeaderNavAnswer).unwrap();
      setDraft(JSON.stringify(nav, null, 2));
      toast({ title: 'Success', description: 'Header navigation saved successfully' });
    } catch (failure) {
      const message = failureMessage(failure, 'Failed to save header navigation');
      setError(message);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    }
  }

  return (
    <Card>
      <Section aria-labelledby="header-nav-title">
        <CardTitle as="h2" id="header-nav-title">Header Navigation</CardTitle>
        {isLoading ? (
          <SectionText>Loading navigation...</SectionText>
        ) : (
          <form onSubmit={submit}>
            <TextAreaField
              label="Header navigation JSON"
              code
              rows={14}
              value={text}
              onChange={(e) => {
                setDraft(e.target.value);
                setError(undefined);
              }}
              error={error}
              spellCheck={false}
              hint={
                <>
                  An object with <code>items</code>. Each item is a link <code>{'{"label", "path"}'}</code>, a dropdown{' '}
                  <code>{'{"label", "children": [...]}'}</code>, a divider <code>{'{"type": "divider"}'}</code> or a section header{' '}
                  <code>{'{"type": "header", "label"}'}</code>. A path starting with # is an in-page anchor.
                </>
              }
            />
            <Actions>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Navigation'}
              </Button>
            </Actions>
          </form>
        )}
      </Section>
    </Card>
  );
}

// ---------- Other settings ----------

interface Row {
  /** Stable React key. */
  rowId: string;
  key: string;
  value: string;
  /** What is saved (null for a row added here). */
  saved: { value: string; isString: boolean } | null;
  error?: string | undefined;
}

function rowsOf(settings: readonly AdminSetting[]): Row[] {
  return settings
    .filter((s) => !EDITOR_KEYS.includes(s.key))
    .map((s) => {
      const isString = typeof s.value === 'string';
      const value = isString ? (s.value as string) : JSON.stringify(s.value);
      return { rowId: `saved-${s.key}`, key: s.key, value, saved: { value, isString } };
    });
}

let nextRowId = 1;

/**
 * The rows with their errors, and the writes to send when there is none: only changed rows are checked
 * (a new row needs a key of its own; an existing JSON value must stay valid JSON).
 */
function validateRows(rows: readonly Row[], changed: readonly Row[]): { checked: Row[]; writes: Array<{ row: Row; value: unknown }> | null } {
  const keys = new Map<string, number>();
  for (const r of rows) keys.set(r.key.trim(), (keys.get(r.key.trim()) ?? 0) + 1);
  for (const k of EDITOR_KEYS) keys.set(k, (keys.get(k) ?? 0) + 1);
  const writes: Array<{ row: Row; value: unknown }> = [];
  let valid = true;
  const checked = rows.map((r) => {
    if (!changed.includes(r)) return r;
    const key = r.key.trim();
    let error: string | undefined;
    let value: unknown = r.value;
    if (r.saved === null) {
      if (!key) error = 'Key is required';
      else if (EDITOR_KEYS.includes(key)) error = `${key} has its own editor above`;
      else if ((keys.get(key) ?? 0) > 1) error = 'This key already exists';
    } else if (!r.saved.isString) {
      try {
        value = JSON.parse(r.value);
      } catch {
        error = INVALID_JSON;
      }
    }
    if (error) valid = false;
    else writes.push({ row: { ...r, key }, value });
    return { ...r, error };
  });
  return { checked, writes: valid ? writes : null };
}

/** The rows after a save: those saved now hold their value as saved (a new row gets its saved row id). */
function afterSave(rows: readonly Row[], savedIds: ReadonlySet<string>): Row[] {
  return rows.map((r) =>
    savedIds.has(r.rowId) ? { ...r, key: r.key.trim(), rowId: r.saved ? r.rowId : `saved-${r.key.trim()}`, saved: { value: r.value, isString: r.saved?.isString ?? true } } : r,
  );
}

/** The settings as editable rows (a draft once anything is changed), and saving the changed ones. */
function useOtherSettings() {
  const { toast } = useToast();
  const { data, isLoading, isError, refetch } = useGetAdminSettingsQuery();
  const [saveSetting, { isLoading: saving }] = useSaveSettingMutation();
  const [draft, setDraft] = useState<Row[] | null>(null);
  const rows = draft ?? (data ? rowsOf(data) : []);
  const changed = rows.filter((r) => r.saved === null || r.saved.value !== r.value);

  function update(rowId: string, patch: Partial<Row>) {
    setDraft(rows.map((r) => (r.rowId === rowId ? { ...r, ...patch, error: undefined } : r)));
  }

  function add() {
    setDraft([...rows, { rowId: `new-${nextRowId++}`, key: '', value: '', saved: null }]);
  }

  function remove(rowId: string) {
    setDraft(rows.filter((r) => r.rowId !== rowId));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { checked, writes } = validateRows(rows, changed);
    if (!writes) {
      setDraft(checked);
      return;
    }
    const savedIds = new Set<string>();
    try {
      // one call per setting (admin spec §7), in order
      for (const { row, value } of writes) {
        await saveSetting({ key: row.key, value: value as SettingWrite['value'] }).unwrap();
        savedIds.add(row.rowId);
      }
      toast({ title: 'Success', description: 'Settings saved successfully' });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to save settings'), variant: 'destructive' });
    } finally {
      setDraft(afterSave(rows, savedIds));
    }
  }

  return { isLoading, isError, refetch, saving, rows, changed, update, add, remove, submit };
}

function OtherSettings() {
  const { isLoading, isError, refetch, saving, rows, changed, update, add, remove, submit } = useOtherSettings();
  return (
    <Card>
      <Section aria-labelledby="other-settings-title">
        <CardTitle as="h2" id="other-settings-title">Other Settings</CardTitle>
        <SectionText>Key/value settings. A new setting is saved as text; an existing JSON value must stay valid JSON.</SectionText>
        {isLoading ? (
          <SectionText>Loading settings...</SectionText>
        ) : isError ? (
          <ButtonRow>
            <SectionText>Could not load the settings.</SectionText>
            <Button $variant="outline" $size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </ButtonRow>
        ) : (
          <form onSubmit={submit}>
            {rows.length === 0 ? <SectionText>No other settings yet.</SectionText> : null}
            <RowList>
              {rows.map((r) => (
                <SettingFields key={r.rowId} row={r} onChange={(patch) => update(r.rowId, patch)} onRemove={() => remove(r.rowId)} />
              ))}
            </RowList>
            <Actions>
              <Button $variant="outline" onClick={add}>
                Add Setting
              </Button>
              <Button type="submit" disabled={saving || changed.length === 0}>
                {saving ? 'Saving...' : 'Save Settings'}
              </Button>
            </Actions>
          </form>
        )}
      </Section>
    </Card>
  );
}

/** One setting: a saved key is read-only; a new row has an editable key and a Remove button. */
function SettingFields({ row: r, onChange, onRemove }: { row: Row; onChange: (patch: Partial<Row>) => void; onRemove: () => void }) {
  return (
    <SettingRow data-testid="setting-row">
      {r.saved ? (
        <TextField label="Key" value={r.key} readOnly />
      ) : (
        <TextField
          label="Key"
          value={r.key}
          onChange={(e) => onChange({ key: e.target.value })}
          error={r.error && r.error !== INVALID_JSON ? r.error : undefined}
          autoComplete="off"
          spellCheck={false}
        />
      )}
      <TextField
        label={r.saved ? `Value of ${r.key}` : 'Value'}
        value={r.value}
        onChange={(e) => onChange({ value: e.target.value })}
        error={r.error === INVALID_JSON ? r.error : undefined}
        spellCheck={false}
      />
      {r.saved ? null : (
        <RemoveBox>
          <Button $variant="ghost" $size="sm" onClick={onRemove} aria-label={r.key.trim() ? `Remove new setting ${r.key.trim()}` : 'Remove new setting'}>
            Remove
          </Button>
        </RemoveBox>
      )}
    </SettingRow>
  );
}

const EditorGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.md};
  @media (min-width: ${theme.breakpoints.lg}px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const PreviewBlock = styled.section`
  display: flex;
  flex-direction: column;
  gap: 6px;
  min-width: 0;
`;

const PreviewTitle = styled.h3`
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;

/** Drawn like the site's footer (dark band, light text). */
const FooterPreview = styled.div`
  min-height: 96px;
  padding: ${theme.space.md};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.footerBackground};
  color: ${theme.colors.footerText};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
  & p + p { margin-top: 8px; }
  & a { color: ${theme.colors.footerLink}; }
  & h1, & h2, & h3, & h4 { color: ${theme.colors.footerLink}; margin-bottom: 8px; }
  & ul { padding-left: 20px; }
  & img { max-width: 100%; height: auto; }
`;

const Actions = styled(ButtonRow)`
  margin-top: ${theme.space.md};
`;

const RowList = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const SettingRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.sm};
  padding-bottom: ${theme.space.md};
  border-bottom: 1px solid ${theme.colors.border};
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 2fr) auto;
    align-items: start;
  }
`;

const RemoveBox = styled.div`
  display: flex;
  align-items: flex-end;
  @media (min-width: ${theme.breakpoints.md}px) {
    padding-top: 26px;
  }
`;
