import { useEffect, useRef, useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useDispatch } from 'react-redux';
import { styled } from 'styled-components';
import type { AdminNewsArticle } from '../../../../../contracts/content.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { SelectField } from '../../../components/ui/select.tsx';
import { StateMessage } from '../../../components/ui/layout.tsx';
import { MessageCell, Table, TableScroll } from '../../../components/ui/table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMediaQuery } from '../../../lib/use-media-query.ts';
import { theme } from '../../../styles/theme.ts';
import {
  useDeleteNewsArticleMutation,
  newsIngested,
  useGetAdminNewsQuery,
  useGetJobQuery,
  useGetNewsKeywordsQuery,
  useIngestNewsMutation,
  usePurgeNewsMutation,
  useUpdateNewsArticleMutation,
  useUpdateNewsKeywordsMutation,
  type PurgeKind,
} from '../content-api.ts';
import { JOB_POLL_MS, isActive } from '../data-operations.ts';
import { EDITABLE_STATUSES, editableStatus, failureMessage, linkHost, purgeMessage, splitCommaList, statusTone, type EditableStatus } from '../content-model.ts';
import { ConfirmActionDialog } from './confirm-action-dialog.tsx';
import { ButtonRow, Section, SectionText, TabStack, TextAreaField } from './content-fields.tsx';

/** News Management: ingestion and keywords, the articles table (edit, delete), the three purges. */
export function NewsTab() {
  return (
    <TabStack>
      <IngestionCard />
      <ArticlesCard />
      <PurgeCard />
    </TabStack>
  );
}

// ---------- Ingestion and keywords ----------

function IngestionCard() {
  const { toast } = useToast();
  const [ingest, { isLoading }] = useIngestNewsMutation();
  const job = useIngestionJob();

  async function start() {
    try {
      const queued = await ingest().unwrap();
      job.follow(queued.jobId);
      toast({ title: 'Success', description: 'News ingestion started. Check back in a minute for new articles.' });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to start news ingestion'), variant: 'destructive' });
    }
  }

  return (
    <Card>
      <Section aria-labelledby="news-ingestion-title">
        <CardTitle as="h2" id="news-ingestion-title">News Ingestion</CardTitle>
        <SectionText>
          News is ingested from RSS feeds every hour from 8 AM to 8 PM ET. Articles matching any keyword in their title or content are published
          automatically; the others wait in review.
        </SectionText>
        <ButtonRow>
          <Button onClick={start} disabled={isLoading || job.running}>
            {isLoading ? 'Starting...' : job.running ? 'Ingesting...' : 'Ingest News Now'}
          </Button>
        </ButtonRow>
        <KeywordEditor />
      </Section>
    </Card>
  );
}

/**
 * The ingestion the owner started, followed until it ends (`GET /api/admin/jobs/{id}` every 2 s, as the
 * Data Sync job list): then the articles table and the public feed read again, and a failed run says
 * why (issue 29, W14: the list kept saying "No articles found" until a reload).
 */
function useIngestionJob() {
  const [jobId, setJobId] = useState<string | null>(null);
  const followed = useGetJobQuery(jobId ?? skipToken);
  const ended = followed.data && followed.data.id === jobId && !isActive(followed.data) ? followed.data : null;
  const running = jobId !== null && !ended;
  // polling only while it runs: the hook's option follows the latest answer
  useGetJobQuery(jobId ?? skipToken, { pollingInterval: running ? JOB_POLL_MS : 0, skipPollingIfUnfocused: false });
  const dispatch = useDispatch();
  const { toast } = useToast();
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!ended || handled.current === ended.id) return;
    handled.current = ended.id;
    dispatch(newsIngested());
    if (ended.status === 'failed') toast({ title: 'News ingestion failed', description: ended.reason ?? 'The job failed.', variant: 'destructive' });
  }, [ended, dispatch, toast]);
  return { running, follow: setJobId };
}

function KeywordEditor() {
  const { toast } = useToast();
  const { data: keywords, isLoading, isError, refetch } = useGetNewsKeywordsQuery();
  const [save, { isLoading: saving }] = useUpdateNewsKeywordsMutation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');

  function edit() {
    setText((keywords ?? []).join(', '));
    setEditing(true);
  }

  function cancel() {
    setEditing(false);
    void refetch();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await save(splitCommaList(text)).unwrap();
      toast({ title: 'Success', description: 'News keywords updated successfully' });
      setEditing(false);
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to update news keywords'), variant: 'destructive' });
    }
  }

  return (
    <KeywordBox aria-labelledby="news-keywords-title">
      <SubTitle id="news-keywords-title">Auto-publish Keywords</SubTitle>
      {editing ? (
        <form onSubmit={submit}>
          <FormStack>
            <TextAreaField
              label="Keywords"
              hint="Separate keywords with commas. Spaces around each keyword and empty entries are dropped."
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={3}
              autoFocus
            />
            <ButtonRow>
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Keywords'}
              </Button>
              <Button $variant="outline" onClick={cancel} disabled={saving}>
                Cancel
              </Button>
            </ButtonRow>
          </FormStack>
        </form>
      ) : (
        <>
          {isLoading ? (
            <SectionText>Loading keywords...</SectionText>
          ) : isError ? (
            <SectionText>Could not load the keywords.</SectionText>
          ) : keywords && keywords.length > 0 ? (
            <TagList aria-label="Keywords">
              {keywords.map((keyword) => (
                <li key={keyword}>
                  <Badge $tone="accent">{keyword}</Badge>
                </li>
              ))}
            </TagList>
          ) : (
            <SectionText>No keywords yet: every ingested article waits in review.</SectionText>
          )}
          <ButtonRow>
            <Button $variant="outline" onClick={edit} disabled={isLoading || isError}>
              Edit Keywords
            </Button>
          </ButtonRow>
        </>
      )}
    </KeywordBox>
  );
}

// ---------- Articles ----------

/** Below the `md` breakpoint the articles are cards (the table's seven columns do not fit a phone). */
const PHONE_QUERY = `(max-width: ${theme.breakpoints.md - 0.02}px)`;

function ArticlesCard() {
  const { data: articles, isLoading, isError, refetch } = useGetAdminNewsQuery();
  const [editing, setEditing] = useState<AdminNewsArticle | null>(null);
  const [deleting, setDeleting] = useState<AdminNewsArticle | null>(null);
  const phone = useMediaQuery(PHONE_QUERY);

  const state = isLoading ? (
    'Loading articles...'
  ) : isError ? (
    <>
      Could not load the articles.{' '}
      <Button $variant="outline" $size="sm" onClick={() => void refetch()}>
        Try again
      </Button>
    </>
  ) : !articles || articles.length === 0 ? (
    'No articles found'
  ) : null;

  return (
    <Card $padding={false}>
      <CardHeader>
        <CardTitle as="h2" id="news-articles-title">News Articles</CardTitle>
        {articles ? <SectionText>{articles.length === 1 ? '1 article' : `${articles.length} articles`}</SectionText> : null}
      </CardHeader>
      {phone ? (
        state !== null ? (
          <StateMessage>{state}</StateMessage>
        ) : (
          <CardList aria-labelledby="news-articles-title">
            {articles!.map((article) => (
              <ArticleCard key={article.id} article={article} onEdit={setEditing} onDelete={setDeleting} />
            ))}
          </CardList>
        )
      ) : (
        <TableScroll role="region" aria-labelledby="news-articles-title" tabIndex={0}>
          <ArticlesTable>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Source</th>
                <th scope="col">Title</th>
                <th scope="col">Link</th>
                <th scope="col">Summary</th>
                <th scope="col">Tags</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {state !== null ? (
                <tr>
                  <MessageCell colSpan={7}>{state}</MessageCell>
                </tr>
              ) : (
                articles!.map((article) => <ArticleRow key={article.id} article={article} onEdit={setEditing} onDelete={setDeleting} />)
              )}
            </tbody>
          </ArticlesTable>
        </TableScroll>
      )}
      {editing ? <EditArticleDialog key={editing.id} article={editing} onClose={() => setEditing(null)} /> : null}
      <DeleteArticleDialog article={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}

interface ArticleViewProps {
  article: AdminNewsArticle;
  onEdit: (a: AdminNewsArticle) => void;
  onDelete: (a: AdminNewsArticle) => void;
}

function StatusBadge({ status }: { status: AdminNewsArticle['status'] }) {
  return (
    <Badge $tone={statusTone(status)} data-status={status}>
      {status[0]!.toUpperCase() + status.slice(1)}
    </Badge>
  );
}

function ArticleLink({ link }: { link: string }) {
  const host = linkHost(link);
  return host ? (
    <a href={link} target="_blank" rel="noopener noreferrer" title={link}>
      {host}
    </a>
  ) : (
    <Muted>{link || '—'}</Muted>
  );
}

function ArticleTags({ tags }: { tags: string }) {
  const list = splitCommaList(tags);
  return list.length > 0 ? (
    <TagList aria-label="Tags">
      {list.map((tag) => (
        <li key={tag}>
          <Badge>{tag}</Badge>
        </li>
      ))}
    </TagList>
  ) : (
    <Muted>—</Muted>
  );
}

function ArticleActions({ article, onEdit, onDelete }: ArticleViewProps) {
  return (
    <Actions>
      <Button $variant="outline" $size="sm" onClick={() => onEdit(article)} aria-label={`Edit article: ${article.title}`}>
        Edit
      </Button>
      <Button $variant="ghost" $size="sm" onClick={() => onDelete(article)} aria-label={`Delete article: ${article.title}`}>
        Delete
      </Button>
    </Actions>
  );
}

function ArticleRow(props: ArticleViewProps) {
  const { article } = props;
  return (
    <tr data-testid="news-article">
      <td>
        <StatusBadge status={article.status} />
      </td>
      <td data-nowrap="">{article.source}</td>
      <td>
        <TitleText>{article.title}</TitleText>
      </td>
      <td>
        <ArticleLink link={article.link} />
      </td>
      <td>
        <Summary title={article.summary}>{article.summary}</Summary>
      </td>
      <td>
        <ArticleTags tags={article.tags} />
      </td>
      <td>
        <ArticleActions {...props} />
      </td>
    </tr>
  );
}

/** The phone layout of one article: the same fields, one under the other. */
function ArticleCard(props: ArticleViewProps) {
  const { article } = props;
  return (
    <CardItem data-testid="news-article">
      <CardMeta>
        <StatusBadge status={article.status} />
        <span>{article.source}</span>
        <ArticleLink link={article.link} />
      </CardMeta>
      <TitleText as="h3">{article.title}</TitleText>
      <Summary title={article.summary}>{article.summary}</Summary>
      <ArticleTags tags={article.tags} />
      <ArticleActions {...props} />
    </CardItem>
  );
}

function EditArticleDialog({ article, onClose }: { article: AdminNewsArticle; onClose: () => void }) {
  const { toast } = useToast();
  const [update, { isLoading }] = useUpdateNewsArticleMutation();
  const [title, setTitle] = useState(article.title);
  const [summary, setSummary] = useState(article.summary);
  const [tags, setTags] = useState(splitCommaList(article.tags).join(', '));
  const [status, setStatus] = useState<EditableStatus>(editableStatus(article.status));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return;
    try {
      await update({
        id: article.id,
        update: { title: title.trim(), summary: summary.trim(), tags: splitCommaList(tags).join(', '), status },
        wasPublished: article.status === 'published',
      }).unwrap();
      toast({ title: 'Success', description: 'Article updated successfully' });
      onClose();
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to update article'), variant: 'destructive' });
    }
  }

  return (
    <Dialog open onClose={onClose} title="Edit Article" description={`From ${article.source}`} width="640px">
      <form onSubmit={submit}>
        <FormStack>
          <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required data-autofocus />
          <TextAreaField label="Summary" value={summary} onChange={(e) => setSummary(e.target.value)} rows={5} />
          <TextField label="Tags" hint="Comma-separated, e.g. YieldMax, QDTE" value={tags} onChange={(e) => setTags(e.target.value)} />
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as EditableStatus)}>
            {EDITABLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </SelectField>
        </FormStack>
        <DialogActions>
          <Button $variant="outline" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" disabled={isLoading || !title.trim()}>
            {isLoading ? 'Saving...' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function DeleteArticleDialog({ article, onClose }: { article: AdminNewsArticle | null; onClose: () => void }) {
  const { toast } = useToast();
  const [remove, { isLoading }] = useDeleteNewsArticleMutation();

  async function confirm() {
    if (!article) return;
    try {
      await remove({ id: article.id, wasPublished: article.status === 'published' }).unwrap();
      toast({ title: 'Success', description: 'Article deleted successfully' });
      onClose();
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to delete article'), variant: 'destructive' });
    }
  }

  return (
    <ConfirmActionDialog
      open={article !== null}
      title="Delete this article?"
      description={article ? `"${article.title}" will be deleted permanently. This cannot be undone.` : ''}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={isLoading}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}

// ---------- Purges ----------

const PURGES: ReadonlyArray<{ kind: PurgeKind; label: string }> = [
  { kind: 'archived', label: 'Purge Archived' },
  { kind: 'review', label: 'Purge Review' },
  { kind: 'published', label: 'Purge Published' },
];

function PurgeCard() {
  const { toast } = useToast();
  const [purge, { isLoading }] = usePurgeNewsMutation();
  const [kind, setKind] = useState<PurgeKind | null>(null);

  async function confirm() {
    if (!kind) return;
    try {
      const { deleted } = await purge(kind).unwrap();
      toast({ title: 'Success', description: purgeMessage(kind, deleted) });
      setKind(null);
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, `Failed to delete ${kind} articles`), variant: 'destructive' });
    }
  }

  return (
    <Card>
      <Section aria-labelledby="news-purge-title">
        <CardTitle as="h2" id="news-purge-title">Purge Articles</CardTitle>
        <SectionText>Delete every article of one status at once. This cannot be undone.</SectionText>
        <ButtonRow>
          {PURGES.map((p) => (
            <Button key={p.kind} $variant="outline" onClick={() => setKind(p.kind)}>
              {p.label}
            </Button>
          ))}
        </ButtonRow>
      </Section>
      <ConfirmActionDialog
        open={kind !== null}
        title={`Delete all ${kind ?? ''} articles?`}
        description={`Every article with status ${kind ?? ''} will be deleted permanently. This cannot be undone.`}
        confirmLabel="Delete All"
        busyLabel="Deleting..."
        busy={isLoading}
        onConfirm={confirm}
        onClose={() => setKind(null)}
      />
    </Card>
  );
}

// ---------- Styles ----------

const CardHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${theme.space.sm};
  padding: ${theme.space.md} ${theme.space.md} 0;
  @media (min-width: ${theme.breakpoints.md}px) {
    padding: ${theme.space.lg} ${theme.space.lg} 0;
  }
`;

const ArticlesTable = styled(Table)`
  min-width: 960px;
  & td { vertical-align: top; }
  & th:last-child { text-align: right; }
`;

const TitleText = styled.span`
  display: block;
  min-width: 180px;
  font-size: ${theme.fontSizes.sm};
  font-weight: 600;
`;

const CardList = styled.ul`
  list-style: none;
  margin: ${theme.space.sm} 0 0;
  padding: 0;
`;

const CardItem = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
  font-size: ${theme.fontSizes.sm};
  min-width: 0;
  & h3 { min-width: 0; overflow-wrap: anywhere; }
  & > div:last-child { justify-content: flex-start; }
`;

const CardMeta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
  min-width: 0;
  & a { overflow-wrap: anywhere; }
`;

const Summary = styled.span`
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
  min-width: 220px;
  color: ${theme.colors.textSecondary};
`;

const Muted = styled.span`
  color: ${theme.colors.textSecondary};
`;

const TagList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
  list-style: none;
  padding: 0;
  margin: 0;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 4px;
`;

const KeywordBox = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding-top: ${theme.space.md};
  border-top: 1px solid ${theme.colors.border};
`;

const SubTitle = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: 700;
`;

const FormStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;
