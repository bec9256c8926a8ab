import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { styled } from 'styled-components';
import type { PageJson } from '../../../../../contracts/content.ts';
import type { PageInput } from '../../../../../contracts/pages.ts';
import { ManagedPageBody } from '../../../components/managed-page-body.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonStyles } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { theme } from '../../../styles/theme.ts';
import { useCreatePageMutation, useDeletePageMutation, useGetAdminPagesQuery, usePreviewOwnerHtmlQuery, useUpdatePageMutation } from '../content-api.ts';
import { failureMessage } from '../content-model.ts';
import { normalizePagePath, normalizePagePathWhileTyping, pageSlug } from '../page-path.ts';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';
import { ButtonRow, Section, SectionText, TabStack, TextAreaField } from './content-fields.tsx';
import { ImageLibrary } from './image-library.tsx';

/** The meta description length search engines show in full (the form's hint). */
export const META_DESCRIPTION_MIN = 150;
export const META_DESCRIPTION_MAX = 160;

interface PageForm {
  path: string;
  title: string;
  metaDescription: string;
  canonicalUrl: string;
  noIndex: boolean;
  htmlBody: string;
  cssBody: string;
  isPublished: boolean;
}

/** A new page: noIndex 0 and isPublished 0 (admin spec §9). */
const EMPTY_FORM: PageForm = { path: '', title: '', metaDescription: '', canonicalUrl: '', noIndex: false, htmlBody: '', cssBody: '', isPublished: false };

function formOf(page: PageJson): PageForm {
  return {
    path: page.path,
    title: page.title,
    metaDescription: page.metaDescription ?? '',
    canonicalUrl: page.canonicalUrl ?? '',
    noIndex: page.noIndex === 1,
    htmlBody: page.htmlBody,
    cssBody: page.cssBody ?? '',
    isPublished: page.isPublished === 1,
  };
}

function inputOf(form: PageForm): PageInput {
  return {
    path: normalizePagePath(form.path.trim()),
    title: form.title.trim(),
    htmlBody: form.htmlBody,
    metaDescription: form.metaDescription.trim() || null,
    canonicalUrl: form.canonicalUrl.trim() || null,
    cssBody: form.cssBody.trim() ? form.cssBody : null,
    noIndex: form.noIndex ? 1 : 0,
    isPublished: form.isPublished ? 1 : 0,
  };
}

/** Custom Pages: the page form (create / edit, preview), the list of pages and the image library. */
export function PagesTab() {
  const pageForm = usePageForm();
  const { form, editing, reset } = pageForm;
  const [previewOpen, setPreviewOpen] = useState(false);

  return (
    <TabStack>
      <PageFormCard pageForm={pageForm} onPreview={() => setPreviewOpen(true)} />
      <PagesList editingId={editing?.id ?? null} onEdit={pageForm.edit} onDeleted={(page) => (editing?.id === page.id ? reset() : undefined)} />
      <ImageLibrary />
      <PagePreviewDialog open={previewOpen} onClose={() => setPreviewOpen(false)} form={form} />
    </TabStack>
  );
}

/** The page form's state: the fields, the page being edited (null: a new page), and saving it. */
function usePageForm() {
  const { toast } = useToast();
  const [form, setForm] = useState<PageForm>(EMPTY_FORM);
  const [editing, setEditing] = useState<PageJson | null>(null);
  const [createPage, { isLoading: creating }] = useCreatePageMutation();
  const [updatePage, { isLoading: updating }] = useUpdatePageMutation();
  const pathRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const saving = creating || updating;
  const complete = form.path.trim() !== '' && form.title.trim() !== '' && form.htmlBody.trim() !== '';

  function set<K extends keyof PageForm>(key: K, value: PageForm[K]) {
    setForm((f) => ({ ...f, [key]: value }));
  }

  function reset() {
    setForm(EMPTY_FORM);
    setEditing(null);
  }

  function edit(page: PageJson) {
    setEditing(page);
    setForm(formOf(page));
    formRef.current?.scrollIntoView?.({ block: 'start' });
    pathRef.current?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete || saving) return;
    const page = inputOf(form);
    if (editing) {
      try {
        await updatePage({ id: editing.id, page, previousPath: editing.path }).unwrap();
        toast({ title: 'Success', description: 'Page updated successfully' });
        reset();
      } catch (error) {
        toast({ title: 'Error', description: failureMessage(error, 'Failed to update page'), variant: 'destructive' });
      }
      return;
    }
    try {
      await createPage(page).unwrap();
      toast({ title: 'Success', description: 'Page created successfully' });
      reset();
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to create page'), variant: 'destructive' });
    }
  }

  return { form, editing, saving, complete, set, reset, edit, submit, pathRef, formRef };
}

type PageFormState = ReturnType<typeof usePageForm>;
type SetField = PageFormState['set'];

/** "Create Page" / "Edit Page: …": the fields and the Create / Update, Cancel and Preview buttons. */
function PageFormCard({ pageForm, onPreview }: { pageForm: PageFormState; onPreview: () => void }) {
  const { form, editing, saving, complete, set, reset, submit, pathRef, formRef } = pageForm;
  return (
    <Card>
      <Section aria-labelledby="page-form-title">
        <CardTitle as="h2" id="page-form-title">{editing ? `Edit Page: ${editing.title}` : 'Create Page'}</CardTitle>
        <form ref={formRef} onSubmit={submit} aria-labelledby="page-form-title">
          <PageFields form={form} set={set} pathRef={pathRef} />
          <FormButtons>
            <Button type="submit" disabled={!complete || saving}>
              {saving ? 'Saving...' : editing ? 'Update Page' : 'Create Page'}
            </Button>
            {editing ? (
              <Button $variant="outline" onClick={reset} disabled={saving}>
                Cancel
              </Button>
            ) : null}
            <Button $variant="secondary" onClick={onPreview} disabled={form.htmlBody.trim() === ''}>
              Preview
            </Button>
          </FormButtons>
        </form>
      </Section>
    </Card>
  );
}

function PageFields({ form, set, pathRef }: { form: PageForm; set: SetField; pathRef: RefObject<HTMLInputElement | null> }) {
  const slug = form.path.trim() ? pageSlug(form.path) : null;
  return (
    <FormGrid>
      <TextField
        ref={pathRef}
        label="Path"
        placeholder="/about-weekly-dividends"
        value={form.path}
        onChange={(e) => set('path', normalizePagePathWhileTyping(e.target.value))}
        onBlur={() => set('path', form.path ? normalizePagePath(form.path) : '')}
        hint={slug ? `Slug: ${slug}` : 'Lowercase letters, digits, hyphens and slashes; the slug follows from it.'}
        required
        autoComplete="off"
        spellCheck={false}
      />
      <TextField label="Title" value={form.title} onChange={(e) => set('title', e.target.value)} required />
      <Wide>
        <MetaDescriptionField value={form.metaDescription} onChange={(value) => set('metaDescription', value)} />
      </Wide>
      <TextField
        label="Canonical URL"
        type="url"
        placeholder="https://weeklydiv.com/about"
        hint="Optional: the preferred address of this content, if it also lives elsewhere."
        value={form.canonicalUrl}
        onChange={(e) => set('canonicalUrl', e.target.value)}
      />
      <SwitchBox>
        <Switch label="Hide from search engines" description="Adds noindex, nofollow to the page." checked={form.noIndex} onChange={(checked) => set('noIndex', checked)} />
      </SwitchBox>
      <Wide>
        <TextAreaField label="HTML Body" code rows={10} value={form.htmlBody} onChange={(e) => set('htmlBody', e.target.value)} required spellCheck={false} />
      </Wide>
      <Wide>
        <TextAreaField label="Custom CSS" code rows={5} value={form.cssBody} onChange={(e) => set('cssBody', e.target.value)} hint="Optional, applied to this page only." spellCheck={false} />
      </Wide>
      <Wide>
        <Switch
          label="Published"
          description="Visitors can open a published page at its path; a draft answers Page Not Found."
          checked={form.isPublished}
          onChange={(checked) => set('isPublished', checked)}
        />
      </Wide>
    </FormGrid>
  );
}

/** The meta description with its length against the range search engines show in full. */
function MetaDescriptionField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const metaLength = value.length;
  return (
    <TextAreaField
      label="Meta Description"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      rows={3}
      hint={
        <MetaHint $good={metaLength >= META_DESCRIPTION_MIN && metaLength <= META_DESCRIPTION_MAX}>
          {`${META_DESCRIPTION_MIN}-${META_DESCRIPTION_MAX} characters recommended for search results. ${metaLength} ${metaLength === 1 ? 'character' : 'characters'}.`}
        </MetaHint>
      }
    />
  );
}

function PagePreviewDialog({ open, onClose, form }: { open: boolean; onClose: () => void; form: PageForm }) {
  // the body as the server cleans it for visitors: the browser never parses raw event handlers (W15)
  const cleaned = usePreviewOwnerHtmlQuery(open ? form.htmlBody : skipToken);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Preview: ${form.title.trim() || 'Untitled page'}`}
      description="As visitors will see it: scripts and unsafe HTML are removed, as on the live page."
      width="960px"
    >
      <PreviewFrame data-testid="page-preview">
        {cleaned.currentData !== undefined ? (
          <ManagedPageBody htmlBody={cleaned.currentData} cssBody={form.cssBody} />
        ) : cleaned.isError ? (
          <SectionText role="alert">{failureMessage(cleaned.error, 'The preview could not be prepared')}</SectionText>
        ) : (
          <SectionText>Preparing the preview...</SectionText>
        )}
      </PreviewFrame>
      <DialogActions>
        <Button $variant="outline" onClick={onClose}>
          Close Preview
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PagesList({ editingId, onEdit, onDeleted }: { editingId: string | null; onEdit: (page: PageJson) => void; onDeleted: (page: PageJson) => void }) {
  const { toast } = useToast();
  const { data: pages, isLoading, isError, refetch } = useGetAdminPagesQuery();
  const [deletePage, { isLoading: deleting }] = useDeletePageMutation();
  const [confirming, setConfirming] = useState<PageJson | null>(null);

  async function confirm() {
    if (!confirming) return;
    try {
      await deletePage({ id: confirming.id, path: confirming.path }).unwrap();
      toast({ title: 'Success', description: 'Page deleted successfully' });
      onDeleted(confirming);
      setConfirming(null);
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to delete page'), variant: 'destructive' });
    }
  }

  return (
    <Card>
      <Section aria-labelledby="pages-list-title">
        <CardTitle as="h2" id="pages-list-title">Pages</CardTitle>
        {isLoading ? (
          <SectionText>Loading pages...</SectionText>
        ) : isError ? (
          <ButtonRow>
            <SectionText>Could not load the pages.</SectionText>
            <Button $variant="outline" $size="sm" onClick={() => void refetch()}>
              Try again
            </Button>
          </ButtonRow>
        ) : !pages || pages.length === 0 ? (
          <SectionText>No pages yet. Create the first one above.</SectionText>
        ) : (
          <List>
            {pages.map((page) => (
              <PageItem key={page.id} page={page} current={page.id === editingId} onEdit={onEdit} onDelete={setConfirming} />
            ))}
          </List>
        )}
      </Section>
      <ConfirmActionDialog
        open={confirming !== null}
        title="Delete this page?"
        description={confirming ? `"${confirming.title}" (${confirming.path}) will be deleted permanently. Visitors will get Page Not Found there.` : ''}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
}

function PageItem({ page, current, onEdit, onDelete }: { page: PageJson; current: boolean; onEdit: (page: PageJson) => void; onDelete: (page: PageJson) => void }) {
  return (
    <Item data-testid="page-item" $current={current}>
      <ItemText>
        <ItemTitle>{page.title}</ItemTitle>
        <ItemPath>{page.path}</ItemPath>
        <Badges>
          <Badge $tone={page.isPublished === 1 ? 'positive' : 'neutral'}>{page.isPublished === 1 ? 'Published' : 'Draft'}</Badge>
          {page.noIndex === 1 ? <Badge $tone="warning">noindex</Badge> : null}
        </Badges>
      </ItemText>
      <ButtonRow>
        <Button $variant="outline" $size="sm" onClick={() => onEdit(page)} aria-label={`Edit page: ${page.title}`}>
          Edit
        </Button>
        <Button $variant="ghost" $size="sm" onClick={() => onDelete(page)} aria-label={`Delete page: ${page.title}`}>
          Delete
        </Button>
        {page.isPublished === 1 ? (
          <LinkButton href={page.path} target="_blank" rel="noopener" $variant="secondary" $size="sm">
            View Live Page
          </LinkButton>
        ) : null}
      </ButtonRow>
    </Item>
  );
}

const FormGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.md};
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;

const Wide = styled.div`
  min-width: 0;
  @media (min-width: ${theme.breakpoints.md}px) {
    grid-column: 1 / -1;
  }
`;

const SwitchBox = styled.div`
  display: flex;
  align-items: center;
  min-width: 0;
`;

const FormButtons = styled(ButtonRow)`
  margin-top: ${theme.space.lg};
`;

const MetaHint = styled.span<{ $good: boolean }>`
  color: ${({ $good }) => ($good ? theme.colors.positive : theme.colors.textSecondary)};
`;

const PreviewFrame = styled.div`
  border: 1px dashed ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  padding: ${theme.space.md};
  overflow-x: auto;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
`;

const Item = styled.li<{ $current: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
  padding: ${theme.space.md} 0;
  border-bottom: 1px solid ${theme.colors.border};
  background: ${({ $current }) => ($current ? theme.colors.surfaceAccent : 'transparent')};
  &:last-child { border-bottom: 0; }
`;

const ItemText = styled.div`
  display: flex;
  flex-direction: column;
  gap: 2px;
  min-width: 0;
`;

const ItemTitle = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const ItemPath = styled.code`
  font-family: ${theme.fonts.mono};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
  overflow-wrap: anywhere;
`;

const Badges = styled.div`
  display: flex;
  gap: 4px;
  margin-top: 4px;
`;

const LinkButton = styled.a<{ $variant?: 'secondary'; $size?: 'sm' }>`
  ${buttonStyles}
`;
