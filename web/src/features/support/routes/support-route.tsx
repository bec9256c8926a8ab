import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { isApiError, serverMessage } from '../../../api/base-api.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { FieldError, FieldLabel, FieldWrapper, TextField, fieldControl } from '../../../components/ui/input.tsx';
import { Page, PageSubtitle, PageTitle } from '../../../components/ui/layout.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { serverFieldErrors, useFormFields } from '../../../lib/use-form-fields.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { theme } from '../../../styles/theme.ts';
import { useSendSupportRequestMutation } from '../api.ts';

export const supportTexts = {
  title: 'Support',
  subtitle: 'A question about WeeklyDiv, your account or your data? Write to us; we answer by email.',
  signedOut: 'Please log in to contact support: we answer to the email address of your account.',
  logIn: 'Log In',
  signUp: 'Sign Up for Free',
  priority: 'Priority support',
  priorityText: 'As a Premium member your requests are marked priority: we answer within one business day.',
  standardText: 'We answer every request by email, usually within three business days. Premium members get priority support (within one business day).',
  subject: 'Subject',
  message: 'Message',
  send: 'Send',
  sending: 'Sending...',
  sent: 'Request sent',
  failed: 'Sending failed',
  subjectRequired: 'Subject is required',
  subjectLong: 'Subject must be at most 150 characters',
  messageRequired: 'Message is required',
  messageLong: 'Message must be at most 5000 characters',
  again: 'Send another request',
  back: 'Back to My Account',
} as const;

type Fields = 'subject' | 'message';

function validate(values: Record<Fields, string>): Partial<Record<Fields, string>> {
  const errors: Partial<Record<Fields, string>> = {};
  const subject = values.subject.trim();
  const message = values.message.trim();
  if (subject.length < 1) errors.subject = supportTexts.subjectRequired;
  else if (subject.length > 150) errors.subject = supportTexts.subjectLong;
  if (message.length < 1) errors.message = supportTexts.messageRequired;
  else if (message.length > 5000) errors.message = supportTexts.messageLong;
  return errors;
}

/**
 * `/support`: the support form for signed-in users (`POST /api/support`); a visitor is asked to log in
 * (the answer goes to the account's address, which also keeps the inbox free of anonymous spam).
 * Premium users see that their request is priority.
 */
export default function SupportRoute() {
  useDocumentTitle('Support');
  const { user, isLoading, isPremium } = useCurrentUser();
  const form = useFormFields<Record<Fields, string>>({ subject: '', message: '' }, validate);
  const { values, errors } = form;
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [send, { isLoading: sending }] = useSendSupportRequestMutation();
  const { toast } = useToast();

  if (isLoading) {
    return (
      <Page aria-busy="true">
        <Skeleton $height="40px" $width="240px" />
      </Page>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check(event.currentTarget)) return;
    try {
      const answer = await send({ subject: values.subject.trim(), message: values.message.trim() }).unwrap();
      setSentMessage(answer.message);
      form.reset();
      toast({ title: supportTexts.sent, description: answer.message });
    } catch (error) {
      if (isApiError(error)) form.setErrors(serverFieldErrors(error.data, ['subject', 'message']));
      toast({ title: supportTexts.failed, description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Page>
      <PageTitle>{supportTexts.title}</PageTitle>
      <PageSubtitle>{supportTexts.subtitle}</PageSubtitle>
      <Body>
        {!user ? (
          <Card>
            <CardText>{supportTexts.signedOut}</CardText>
            <Actions>
              <ButtonLink to={paths.login}>{supportTexts.logIn}</ButtonLink>
              <ButtonLink to={paths.signup} $variant="outline">
                {supportTexts.signUp}
              </ButtonLink>
            </Actions>
          </Card>
        ) : sentMessage ? (
          <Card aria-live="polite">
            <CardTitle as="h2">{supportTexts.sent}</CardTitle>
            <CardText>{sentMessage}</CardText>
            <Actions>
              <Button $variant="outline" onClick={() => setSentMessage(null)}>
                {supportTexts.again}
              </Button>
              <ButtonLink to={paths.account} $variant="ghost">
                {supportTexts.back}
              </ButtonLink>
            </Actions>
          </Card>
        ) : (
          <Card>
            {isPremium ? (
              <CardText>
                <Badge>{supportTexts.priority}</Badge> {supportTexts.priorityText}
              </CardText>
            ) : (
              <CardText>{supportTexts.standardText}</CardText>
            )}
            <Form onSubmit={onSubmit} noValidate aria-label="Support request">
              <TextField
                label={supportTexts.subject}
                {...form.field('subject')}
              />
              <FieldWrapper>
                <FieldLabel htmlFor="support-message">{supportTexts.message}</FieldLabel>
                <TextArea
                  id="support-message"
                  rows={8}
                  name="message"
                  value={values.message}
                  onChange={form.field('message').onChange}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? 'support-message-error' : undefined}
                  $invalid={Boolean(errors.message)}
                />
                {errors.message ? <FieldError id="support-message-error">{errors.message}</FieldError> : null}
              </FieldWrapper>
              <Actions>
                <Button type="submit" disabled={sending}>
                  {sending ? supportTexts.sending : supportTexts.send}
                </Button>
              </Actions>
            </Form>
          </Card>
        )}
      </Body>
    </Page>
  );
}

const Body = styled.div`
  max-width: 720px;
  margin-top: ${theme.space.lg};
`;

const Form = styled.form`
  display: grid;
  gap: ${theme.space.md};
  margin-top: ${theme.space.md};
`;

const TextArea = styled.textarea<{ $invalid?: boolean }>`
  ${fieldControl}
  resize: vertical;
  font-family: inherit;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: ${theme.space.md};
`;
