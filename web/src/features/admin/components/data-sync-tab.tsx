import { styled } from 'styled-components';
import type { JobJson } from '../../../../../contracts/jobs.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { MessageCell, Table, TableScroll, Td, Th } from '../../../components/ui/table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { theme } from '../../../styles/theme.ts';
import { useGetJobsQuery, useStartDataOperationMutation } from '../api.ts';
import { DATA_OPERATION_TEXTS, JOB_LABELS, JOB_POLL_MS, JOB_STATUS_LABELS, isActive, type DataOperationText } from '../data-operations.ts';
import { failureMessage } from '../failure-message.ts';
import { ReleaseReview } from './release-review.tsx';

/**
 * Data Sync (spec §2, §8): the five operations, each a POST with an empty body and the spec's toast;
 * beyond the spec, the job list (`GET /api/admin/jobs`): state, progress, summary or failure reason,
 * read again every 2 s while a run is queued or running (never otherwise).
 */
export function DataSyncTab() {
  const jobs = useGetJobsQuery();
  const active = (jobs.data ?? []).some(isActive);
  // polling only while something runs: the hook's option follows the latest answer
  useGetJobsQuery(undefined, { pollingInterval: active ? JOB_POLL_MS : 0, skipPollingIfUnfocused: false });
  const [start, starting] = useStartDataOperationMutation();
  const { toast } = useToast();

  async function run(op: DataOperationText) {
    try {
      await start(op.operation).unwrap();
      toast({ title: op.started.title, description: op.started.description, ...(op.started.duration ? { duration: op.started.duration } : {}) });
    } catch (error) {
      toast({ title: 'Error', description: failureMessage(error, op.fallback), variant: 'destructive' });
    }
    void jobs.refetch();
  }

  const runningNames = new Set((jobs.data ?? []).filter(isActive).map((j) => j.name));

  return (
    <Stack>
      <Card aria-labelledby="data-ops-title">
        <CardTitle as="h2" id="data-ops-title">
          Data Sync
        </CardTitle>
        <CardText>Each operation starts a job and returns at once; follow it in the job list below.</CardText>
        <Operations>
          {DATA_OPERATION_TEXTS.map((op) => {
            const running = runningNames.has(op.operation);
            const pending = starting.isLoading && starting.originalArgs === op.operation;
            return (
              <Operation key={op.operation}>
                <div>
                  <OperationName>{op.label}</OperationName>
                  <CardText id={`op-${op.operation}`}>{op.description}</CardText>
                </div>
                <Button $variant={op.operation === 'initialize-production' ? 'primary' : 'outline'} aria-describedby={`op-${op.operation}`} disabled={pending || running} onClick={() => void run(op)}>
                  {pending ? 'Starting...' : running ? 'Running...' : op.label}
                </Button>
              </Operation>
            );
          })}
        </Operations>
      </Card>
      <Card aria-labelledby="jobs-title">
        <JobsHead>
          <CardTitle as="h2" id="jobs-title">
            Jobs
          </CardTitle>
          <Button $size="sm" $variant="ghost" onClick={() => void jobs.refetch()} disabled={jobs.isFetching}>
            Refresh
          </Button>
        </JobsHead>
        <CardText role="status">{jobs.data ? (active ? 'A job is running: this list updates itself every 2 seconds.' : 'No job is running.') : ''}</CardText>
        <JobTable jobs={jobs.data} isLoading={jobs.isLoading} isError={jobs.isError} />
      </Card>
      <ReleaseReview />
    </Stack>
  );
}

const STATUS_TONES: Record<JobJson['status'], BadgeTone> = { queued: 'neutral', running: 'accent', succeeded: 'positive', failed: 'negative' };

function when(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
}

function JobTable({ jobs, isLoading, isError }: { jobs: JobJson[] | undefined; isLoading: boolean; isError: boolean }) {
  let body;
  if (isLoading) body = <Message>Loading jobs...</Message>;
  else if (isError || !jobs) body = <Message>Failed to load jobs</Message>;
  else if (jobs.length === 0) body = <Message>No jobs have run yet</Message>;
  else
    body = jobs.map((job) => (
      <tr key={job.id}>
        <Td>
          <strong>{JOB_LABELS[job.name]}</strong>
          <Small>{job.requestedBy.startsWith('user:') ? 'by the owner' : job.requestedBy === 'schedule' ? 'scheduled' : job.requestedBy}</Small>
          <PhoneOnly>
            <Badge $tone={STATUS_TONES[job.status]}>{JOB_STATUS_LABELS[job.status]}</Badge>
          </PhoneOnly>
        </Td>
        <Td $hideBelow="sm">
          <Badge $tone={STATUS_TONES[job.status]}>{JOB_STATUS_LABELS[job.status]}</Badge>
        </Td>
        <Td>{job.status === 'failed' ? <Failure>{job.reason ?? 'No reason given'}</Failure> : <Progress job={job} />}</Td>
        <Td $nowrap $hideBelow="sm">
          {when(job.requestedAt)}
        </Td>
        <Td $nowrap $hideBelow="md">
          {when(job.finishedAt)}
        </Td>
      </tr>
    ));
  return (
    // text only: when a long failure reason makes it scroll sideways on a phone, the keyboard can scroll it
    <TableScroll role="region" aria-label="Jobs, scrollable" tabIndex={0}>
      <Table aria-label="Jobs">
        <thead>
          <tr>
            <Th>Job</Th>
            <Th $hideBelow="sm">State</Th>
            <Th>Progress</Th>
            <Th $hideBelow="sm">Requested</Th>
            <Th $hideBelow="md">Finished</Th>
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </Table>
    </TableScroll>
  );
}

function Progress({ job }: { job: JobJson }) {
  if (job.status === 'succeeded') return <span>{job.summary ?? 'Done'}</span>;
  if (job.status === 'queued') return <Small>Waiting to start</Small>;
  const p = job.progress;
  if (!p) return <Small>Started</Small>;
  const percent = p.total > 0 ? Math.round((p.done / p.total) * 100) : null;
  return (
    <span>
      {percent !== null ? (
        <Bar role="progressbar" aria-label={`${JOB_LABELS[job.name]} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span style={{ width: `${percent}%` }} />
        </Bar>
      ) : null}
      <Small>
        {p.message}
        {p.total > 0 ? ` (${p.done} of ${p.total})` : ''}
      </Small>
    </span>
  );
}

function Message({ children }: { children: string }) {
  return (
    <tr>
      <MessageCell colSpan={5}>{children}</MessageCell>
    </tr>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${theme.space.lg};
  min-width: 0;
`;

const Operations = styled.ul`
  list-style: none;
  padding: 0;
  margin-top: ${theme.space.md};
  display: grid;
  gap: ${theme.space.sm};
`;

const Operation = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
  padding: ${theme.space.sm} 0;
  border-bottom: 1px solid ${theme.colors.border};
  & > div {
    flex: 1 1 260px;
  }
`;

const OperationName = styled.h3`
  font-size: ${theme.fontSizes.md};
  font-weight: 700;
`;

const JobsHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const Small = styled.span`
  display: block;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;

/** On phones the state sits under the job's name (the State column is hidden there). */
const PhoneOnly = styled.span`
  display: block;
  margin-top: 4px;
  @media (min-width: ${theme.breakpoints.sm}px) {
    display: none;
  }
`;

const Failure = styled.span`
  color: ${theme.colors.negative};
`;

const Bar = styled.span`
  display: block;
  width: 100%;
  min-width: 80px;
  height: 6px;
  border-radius: 3px;
  background: ${theme.colors.surfaceMuted};
  overflow: hidden;
  & > span {
    display: block;
    height: 100%;
    background: ${theme.colors.accent};
  }
`;
