import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import type { VerificationChoice, VerificationDetails, VerifyEmailAnswer } from '../../../../../contracts/accounts.ts';
import { ResendVerificationButton } from '../../../components/resend-verification-button.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { formatDateTimeET } from '../../../lib/format.ts';
import { PERSONAL_AREA_LABEL, paths } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVerificationDetailsMutation, useVerifyEmailMutation } from '../api.ts';
import { AuthLayout, AuthText, AuthTitle, Form, Notice } from '../components/auth-layout.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';
import { failureMessage } from '../failure-message.ts';
import { theme } from '../../../styles/theme.ts';

export const VERIFY_TITLE = 'Verify Email';
export const CHOOSE_PASSWORD_TITLE = 'Choose a Password';
export const CHECKING = 'Checking your verification link...';
export const VERIFYING = 'Verifying your email address...';
export const MISSING_TOKEN = 'This verification link is incomplete. Open the link from the email again, or request a new one from My WeeklyDiv.';
export const LOG_IN_FOR_NEW_LINK = 'Log In to request a new link';
export const WAS_THIS_YOU = 'Was this you?';
export const YES_CONFIRM = 'Yes, confirm my email';
export const NO_NOT_ME = "No, I didn't sign up";
export const YES_HINT = 'You stay signed in on every device, with the password you chose.';
export const NO_HINT = 'Whoever signed up with your address is signed out and their password stops working; you choose the password.';
export const OWNER_ADDRESS_NOTE =
  "This is the site owner's address. Unless this browser is signed in to the account, either answer signs every device out and asks you to choose a new password.";

/** "Confirm the WeeklyDiv account for j***@example.com created on Nov 28, 2026, 8:05 AM ET?" */
export function confirmQuestion(details: VerificationDetails): string {
  return `Confirm the WeeklyDiv account for ${details.maskedEmail} created on ${formatDateTimeET(details.registeredAt) ?? details.registeredAt}?`;
}

type State =
  | { step: 'checking' }
  | { step: 'asking'; details: VerificationDetails }
  | { step: 'verifying'; details: VerificationDetails }
  | { step: 'verified'; answer: VerifyEmailAnswer }
  | { step: 'failed'; message: string };

/**
 * `/verify-email?token=…` (the link of the verification mail; issue 29, W2):
 * - On arrival it asks the server whose sign-up the link confirms (nothing is written) and asks "Was
 *   this you?" with the masked address and the sign-up date.
 * - "Yes, confirm my email": verified; sessions and password stay, on this device or any other (the
 *   usual case: signed up on a laptop, the mail opened on a phone).
 * - "No, I didn't sign up" (someone typed this address): the takeover; every session of the account
 *   ended and its password stopped working, so the screen goes straight on to "Choose a Password"
 *   (the reset form with the answer's token); then /login.
 * - A used, expired or unknown link: the server's message and a way to a new link (the resend button
 *   when signed in and not verified; Log In otherwise; the personal area when already verified).
 */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const [loadDetails] = useVerificationDetailsMutation();
  const [verifyEmail] = useVerifyEmailMutation();
  const [state, setState] = useState<State>(token ? { step: 'checking' } : { step: 'failed', message: MISSING_TOKEN });
  const asked = useRef(false);
  const choosing = state.step === 'verified' && state.answer.passwordToken !== null;
  useDocumentTitle(choosing ? CHOOSE_PASSWORD_TITLE : VERIFY_TITLE);

  useEffect(() => {
    // Once per visit (StrictMode runs effects twice in development).
    if (!token || asked.current) return;
    asked.current = true;
    loadDetails({ token })
      .unwrap()
      .then((details) => setState({ step: 'asking', details }))
      .catch((error: unknown) => setState({ step: 'failed', message: failureMessage(error) }));
  }, [token, loadDetails]);

  const answer = (choice: VerificationChoice) => {
    if (state.step !== 'asking') return;
    setState({ step: 'verifying', details: state.details });
    verifyEmail({ token, choice })
      .unwrap()
      .then((result) => setState({ step: 'verified', answer: result }))
      .catch((error: unknown) => setState({ step: 'failed', message: failureMessage(error) }));
  };

  if (state.step === 'verified' && state.answer.passwordToken !== null) {
    return (
      <AuthLayout>
        <AuthTitle>{CHOOSE_PASSWORD_TITLE}</AuthTitle>
        <NewPasswordForm
          token={state.answer.passwordToken}
          submitLabel="Set Password"
          lead={
            <Notice $tone="positive" role="status">
              {state.answer.message}
            </Notice>
          }
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout busy={state.step === 'checking' || state.step === 'verifying'}>
      <AuthTitle>{VERIFY_TITLE}</AuthTitle>
      {state.step === 'checking' ? (
        <AuthText role="status">{CHECKING}</AuthText>
      ) : state.step === 'asking' || state.step === 'verifying' ? (
        <section aria-labelledby="was-this-you">
          <AuthText>{confirmQuestion(state.details)}</AuthText>
          <Question id="was-this-you">{WAS_THIS_YOU}</Question>
          {state.details.ownerAddress ? <AuthText>{OWNER_ADDRESS_NOTE}</AuthText> : null}
          <Form as="div">
            <div>
              <Button $block disabled={state.step === 'verifying'} aria-describedby="yes-hint" onClick={() => answer('confirm')}>
                {YES_CONFIRM}
              </Button>
              <Hint id="yes-hint">{YES_HINT}</Hint>
            </div>
            <div>
              <Button $block $variant="outline" disabled={state.step === 'verifying'} aria-describedby="no-hint" onClick={() => answer('takeover')}>
                {NO_NOT_ME}
              </Button>
              <Hint id="no-hint">{NO_HINT}</Hint>
            </div>
          </Form>
          {state.step === 'verifying' ? <AuthText role="status">{VERIFYING}</AuthText> : null}
        </section>
      ) : state.step === 'verified' ? (
        <>
          <Notice $tone="positive" role="status">
            {state.answer.message}
          </Notice>
          <Form as="div">
            <ButtonLink to={paths.personalArea} $block>
              Go to {PERSONAL_AREA_LABEL}
            </ButtonLink>
          </Form>
        </>
      ) : (
        <>
          <Notice $tone="negative" role="alert">
            {state.message}
          </Notice>
          <NewLinkAction />
        </>
      )}
    </AuthLayout>
  );
}

const Question = styled.h2`
  margin-top: ${theme.space.md};
  font-size: ${theme.fontSizes.lg};
  font-weight: 700;
`;

const Hint = styled.p`
  margin-top: 6px;
  color: ${theme.colors.textSecondary};
  font-size: ${theme.fontSizes.xs};
`;

/** After a dead link: resend when signed in and unverified; the personal area when verified; else Log In. */
function NewLinkAction() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  return (
    <Form as="div">
      {user && !user.emailVerified ? (
        <ResendVerificationButton $block />
      ) : user ? (
        <ButtonLink to={paths.personalArea} $variant="outline" $block>
          Go to {PERSONAL_AREA_LABEL}
        </ButtonLink>
      ) : (
        <ButtonLink to={paths.login} $variant="outline" $block>
          {LOG_IN_FOR_NEW_LINK}
        </ButtonLink>
      )}
    </Form>
  );
}
