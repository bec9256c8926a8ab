import { styled } from 'styled-components';
import type { SupportRequestJson } from '../../../../../contracts/support.ts';
import { serverMessage } from '../../../api/base-api.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { formatDateTimeET } from '../../../lib/format.ts';
import { theme } from '../../../styles/theme.ts';
import { useGetSupportRequestsQuery, useMarkSupportAnsweredMutation } from '../support-api.ts';

export const supportInboxTexts = {
  title: 'Support inbox',
  text: 'Requests from the support form (/support). Open ones first, Premium requests (Priority: answer within one business day) first among them, then the oldest. Answer by email, then mark the request answered.',
  empty: 'No support requests yet.',
  failed: 'The support inbox could not be loaded.',
  retry: 'Retry',
  priority: 'Priority',
  open: 'Open',
  answered: 'Answered',
  markAnswered: 'Mark answered',
  marked: 'Marked answered',
  markFailed: 'Marking failed',
  reply: 'Reply by email',
} as const;

/** The owner's support inbox (issue 29), a card of the Site Settings tab (the spec fixes the five tabs). */
export function SupportInbox() {
  const { data, isLoading, isError, refetch } = useGetSupportRequestsQuery();
  const open = data?.filter((r) => r.answeredAt === null).length ?? 0;
  return (
    <Card aria-labelledby="support-inbox-title">
      <CardTitle as="h2" id="support-inbox-title">
        {supportInboxTexts.title}
        {data && open > 0 ? <Count $tone="accent">{open} open</Count> : null}
      </CardTitle>
      <CardText>{supportInboxTexts.text}</CardText>
      {isLoading ? null : isError ? (
        <CardText role="alert">
          {supportInboxTexts.failed}{' '}
          <Button $variant="outline" $size="sm" onClick={() => void refetch()}>
            {supportInboxTexts.retry}
          </Button>
        </CardText>
      ) : !data || data.length === 0 ? (
        <CardText>{supportInboxTexts.empty}</CardText>
      ) : (
        <List aria-label={supportInboxTexts.title}>
          {data.map((request) => (
            <SupportItem key={request.id} request={request} />
          ))}
        </List>
      )}
    </Card>
  );
}

function SupportItem({ request }: { request: SupportRequestJson }) {
  const [markAnswered, { isLoading }] = useMarkSupportAnsweredMutation();
  const { toast } = useToast();
  const answered = request.answeredAt !== null;

  async function onMark() {
    try {
      await markAnswered(request.id).unwrap();
      toast({ title: supportInboxTexts.marked });
    } catch (error) {
      toast({ title: supportInboxTexts.markFailed, description: serverMessage(error), variant: 'destructive' });
    }
  }

  const mailto = `mailto:${request.email}?subject=${encodeURIComponent(`Re: ${request.subject}`)}`;
  return (
    <Item data-testid="support-request" $muted={answered}>
      <Head>
        {request.priority ? <Badge $tone="gold">{supportInboxTexts.priority}</Badge> : null}
        <Badge $tone={answered ? 'positive' : 'neutral'}>{answered ? supportInboxTexts.answered : supportInboxTexts.open}</Badge>
        <Subject>{request.subject}</Subject>
      </Head>
      <Meta>
        {request.name} · {request.email} · {formatDateTimeET(request.requestedAt)}
        {answered ? ` · answered ${formatDateTimeET(request.answeredAt)}` : ''}
      </Meta>
      <Message>{request.message}</Message>
      <Actions>
        <a href={mailto}>{supportInboxTexts.reply}</a>
        {!answered && (
          <Button $variant="outline" $size="sm" onClick={onMark} disabled={isLoading}>
            {supportInboxTexts.markAnswered}
          </Button>
        )}
      </Actions>
    </Item>
  );
}

const Count = styled(Badge)`
  margin-left: 8px;
  vertical-align: middle;
`;

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: ${theme.space.md} 0 0;
  display: grid;
  gap: ${theme.space.md};
`;

const Item = styled.li<{ $muted: boolean }>`
  border: 1px solid ${theme.colors.inputBorder};
  border-radius: ${theme.radii.md};
  padding: ${theme.space.md};
  background: ${({ $muted }) => ($muted ? theme.colors.surfaceMuted : theme.colors.surface)};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
`;

const Subject = styled.strong`
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin-top: 4px;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textSecondary};
  overflow-wrap: anywhere;
`;

const Message = styled.p`
  margin-top: 8px;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-top: ${theme.space.sm};
`;
