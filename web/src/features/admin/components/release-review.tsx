import { useEffect, useRef } from 'react';
import { styled } from 'styled-components';
import type { PossibleNewFund, ReleaseJson, ReleaseOutcome, ReleaseRow } from '../../../../../contracts/declarations.ts';
import { KindBadge, isOneOff } from '../../../components/kind-badge.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { MessageCell, Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ISSUER_NAMES } from '../../../lib/distribution-source.ts';
import { formatDate, formatDateTimeET, formatDividend, formatStatedPercent } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';
import { useGetJobsQuery } from '../api.ts';
import { isActive } from '../data-operations.ts';
import {
  useApplyReleaseMutation,
  useDismissReleaseMutation,
  useGetPossibleNewFundsQuery,
  useGetReleaseQueueQuery,
  useStartIngestDeclarationsMutation,
} from '../declarations-api.ts';
import { failureMessage } from '../failure-message.ts';

/**
 * The Data Sync tab's part of issue 26 (docs/declarations.md "The review queue", "On screen"): the
 * issuers' releases that were not read completely wait here with what was read and what was not, for
 * the owner to Apply (publish the rows read) or Dismiss; then the tickers releases declared that the
 * catalog does not list. Both lists are read again when a run of the issuer job ends.
 */
export function ReleaseReview() {
  const queue = useGetReleaseQueueQuery();
  const funds = useGetPossibleNewFundsQuery();
  const jobs = useGetJobsQuery();
  const [startIngest, starting] = useStartIngestDeclarationsMutation();
  const { toast } = useToast();

  // the job list is polled while a run is active (DataSyncTab): when an issuer run ends, read both lists again
  const ingestActive = (jobs.data ?? []).some((j) => j.name === 'ingest-declarations' && isActive(j));
  const wasActive = useRef(ingestActive);
  const { refetch: refetchQueue } = queue;
  const { refetch: refetchFunds } = funds;
  useEffect(() => {
    if (wasActive.current && !ingestActive) {
      void refetchQueue();
      void refetchFunds();
    }
    wasActive.current = ingestActive;
  }, [ingestActive, refetchQueue, refetchFunds]);

  async function readNow() {
    try {
      await startIngest().unwrap();
      toast({ title: 'Reading Issuer Releases', description: "The issuers' feeds are being read. A release that cannot be read completely will wait here." });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, "Failed to read the issuers' releases"), variant: 'destructive' });
    }
    void jobs.refetch();
  }

  return (
    <>
      <Card aria-labelledby="release-review-title">
        <Head>
          <CardTitle as="h2" id="release-review-title">
            Issuer Releases to Review
          </CardTitle>
          <Button $size="sm" $variant="outline" disabled={starting.isLoading || ingestActive} onClick={() => void readNow()}>
            {starting.isLoading ? 'Starting...' : ingestActive ? 'Reading...' : 'Read Releases Now'}
          </Button>
        </Head>
        <CardText>
          A release is published as soon as every row of its tables is read. These were not read completely, so nothing of them is published:
          check what was read, then Apply to publish those rows (for the funds in the catalog) or Dismiss to set the release aside.
        </CardText>
        {queue.isLoading ? (
          <Note>Loading releases...</Note>
        ) : queue.isError || !queue.data ? (
          <Note role="alert">Failed to load releases</Note>
        ) : queue.data.length === 0 ? (
          <Note>No release is waiting for review.</Note>
        ) : (
          <Releases>
            {queue.data.map((release) => (
              <li key={release.id}>
                <ReleaseItem release={release} />
              </li>
            ))}
          </Releases>
        )}
      </Card>
      <PossibleNewFunds funds={funds.data} isLoading={funds.isLoading} isError={funds.isError} />
    </>
  );
}

/** "1 declared, 0 revised, 0 unchanged; 1 row not in the catalog (not published)." */
export function outcomeText(outcome: ReleaseOutcome): string {
  const skipped = outcome.skipped > 0 ? `; ${outcome.skipped} ${outcome.skipped === 1 ? 'row' : 'rows'} not in the catalog (not published)` : '';
  return `${outcome.declared} declared, ${outcome.revised} revised, ${outcome.unchanged} unchanged${skipped}.`;
}

function ReleaseItem({ release }: { release: ReleaseJson }) {
  const [apply, applying] = useApplyReleaseMutation();
  const [dismiss, dismissing] = useDismissReleaseMutation();
  const { toast } = useToast();
  const busy = applying.isLoading || dismissing.isLoading;
  const publishable = release.rows.filter((r) => r.listed).length;
  const titleId = `release-${release.id}`;

  async function onApply() {
    try {
      const { outcome } = await apply(release.id).unwrap();
      toast({ title: 'Release Applied', description: outcomeText(outcome) });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to apply the release'), variant: 'destructive' });
    }
  }

  async function onDismiss() {
    try {
      await dismiss(release.id).unwrap();
      toast({ title: 'Release Dismissed', description: 'Nothing of it is published.' });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, 'Failed to dismiss the release'), variant: 'destructive' });
    }
  }

  return (
    <Release aria-labelledby={titleId} data-testid="review-release">
      <ReleaseTitle id={titleId}>
        <a href={release.url} target="_blank" rel="noopener noreferrer">
          {release.title || release.url}
        </a>
      </ReleaseTitle>
      <Meta>
        {release.issuer ? ISSUER_NAMES[release.issuer] : 'Issuer not recognised'}
        {release.publishedAt ? ` · Published ${formatDateTimeET(release.publishedAt)}` : ''} · Read {formatDateTimeET(release.readAt)}
      </Meta>
      <Part>What was read</Part>
      {release.rows.length === 0 ? <Note>Nothing was read completely.</Note> : <RowsTable rows={release.rows} label={`What was read: ${release.title || release.url}`} />}
      <Part>What was not read</Part>
      {release.problems.length === 0 ? (
        <Note>Every row was read.</Note>
      ) : (
        <Problems>
          {release.problems.map((p, i) => (
            <li key={i}>{p.message}</li>
          ))}
        </Problems>
      )}
      <Actions>
        <Button $size="sm" disabled={busy || publishable === 0} onClick={() => void onApply()} aria-describedby={`${titleId}-apply`}>
          {applying.isLoading ? 'Applying...' : 'Apply'}
        </Button>
        <Button $size="sm" $variant="outline" disabled={busy} onClick={() => void onDismiss()}>
          {dismissing.isLoading ? 'Dismissing...' : 'Dismiss'}
        </Button>
        <Small id={`${titleId}-apply`}>
          {publishable === 0
            ? 'Nothing to publish: no row read is for a fund in the catalog.'
            : `Apply publishes ${publishable} ${publishable === 1 ? 'distribution' : 'distributions'}; the owner's own data is kept.`}
        </Small>
      </Actions>
    </Release>
  );
}

function RowsTable({ rows, label }: { rows: ReleaseRow[]; label: string }) {
  return (
    <TableScroll role="region" aria-label={`${label}, scrollable`} tabIndex={0}>
      <Table aria-label={label}>
        <thead>
          <tr>
            <Th>Ticker</Th>
            <Th $align="right">Amount</Th>
            <Th>Ex-Date</Th>
            <Th>Pay Date</Th>
            <Th $align="right">Rate</Th>
            <Th $align="right">SEC Yield</Th>
            <Th $align="right">ROC est.</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.ticker}-${r.exDate}-${r.kind}`}>
              <Td>
                <strong>{r.ticker}</strong>
                {isOneOff(r.kind) ? (
                  <>
                    {' '}
                    <KindBadge kind={r.kind} />
                  </>
                ) : null}
                {r.listed ? null : (
                  <>
                    {' '}
                    <Badge $tone="warning">Not in the catalog</Badge>
                  </>
                )}
              </Td>
              <Td $align="right" $nowrap>
                {formatDividend(r.amount)}
              </Td>
              <Td $nowrap>{formatDate(r.exDate)}</Td>
              <Td $nowrap>{r.payDate ? formatDate(r.payDate) : '—'}</Td>
              <Td $align="right">{formatStatedPercent(r.statedRate) ?? '—'}</Td>
              <Td $align="right">{formatStatedPercent(r.secYield) ?? '—'}</Td>
              <Td $align="right">{formatStatedPercent(r.rocEstimatePercent) ?? '—'}</Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

function PossibleNewFunds({ funds, isLoading, isError }: { funds: PossibleNewFund[] | undefined; isLoading: boolean; isError: boolean }) {
  let body;
  if (isLoading) body = <Message>Loading possible new funds...</Message>;
  else if (isError || !funds) body = <Message>Failed to load possible new funds</Message>;
  else if (funds.length === 0) body = <Message>No unknown ticker in the releases read.</Message>;
  else
    body = funds.map((f) => {
      const release = f.releases[0];
      return (
        <tr key={f.ticker}>
          <Td>
            <strong>{f.ticker}</strong>
            <Small>{f.name ?? ''}</Small>
          </Td>
          <Td $hideBelow="sm">{f.issuer ? ISSUER_NAMES[f.issuer] : '—'}</Td>
          <Td $nowrap>
            {formatDividend(f.latest.amount)}
            <Small>ex {formatDate(f.latest.exDate)}</Small>
          </Td>
          <Td>
            {release ? (
              <a href={release.url} target="_blank" rel="noopener noreferrer">
                {release.title || release.url}
              </a>
            ) : (
              '—'
            )}
            {f.releases.length > 1 ? <Small>and {f.releases.length - 1} earlier</Small> : null}
          </Td>
          <Td $nowrap $hideBelow="md">
            {formatDateTimeET(f.lastSeenAt)}
          </Td>
        </tr>
      );
    });
  return (
    <Card aria-labelledby="possible-funds-title">
      <CardTitle as="h2" id="possible-funds-title">
        Possible New Funds
      </CardTitle>
      <CardText>Tickers the issuers' releases declared that the catalog does not list. Add one in ETF Management to follow it: its next release is then published.</CardText>
      <TableScroll role="region" aria-label="Possible new funds, scrollable" tabIndex={0}>
        <Table aria-label="Possible new funds">
          <thead>
            <tr>
              <Th>Ticker</Th>
              <Th $hideBelow="sm">Issuer</Th>
              <Th>Latest</Th>
              <Th>Release</Th>
              <Th $hideBelow="md">Last Seen</Th>
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </Table>
      </TableScroll>
    </Card>
  );
}

function Message({ children }: { children: string }) {
  return (
    <tr>
      <MessageCell colSpan={5}>{children}</MessageCell>
    </tr>
  );
}

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const Note = styled.p`
  margin-top: ${theme.space.sm};
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.sm};
`;

/** One column that never grows past the card: a release's wide table scrolls inside its own box. */
const Releases = styled.ul`
  list-style: none;
  margin: ${theme.space.md} 0 0;
  padding: 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.md};
`;

const Release = styled.article`
  min-width: 0;
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.warningBorder};
  border-radius: ${theme.radii.md};
`;

const ReleaseTitle = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: 700;
  overflow-wrap: anywhere;
  & a { color: ${theme.colors.textPrimary}; }
  & a:hover { color: ${theme.colors.accent}; }
`;

const Meta = styled.p`
  margin-top: 2px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;

const Part = styled.h4`
  margin: ${theme.space.md} 0 ${theme.space.xs};
  font-size: ${theme.fontSizes.sm};
  font-weight: 700;
`;

const Problems = styled.ul`
  margin: 0;
  padding-left: 20px;
  color: ${theme.colors.negative};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
  & li + li { margin-top: 2px; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space.sm};
  margin-top: ${theme.space.md};
`;

const Small = styled.span`
  display: block;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;
