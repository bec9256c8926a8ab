import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { VerifyEmailAnswer } from '../../../../../contracts/accounts.ts';
import { ResendVerificationButton } from '../../../components/resend-verification-button.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PERSONAL_AREA_LABEL, paths } from '../../../lib/paths.ts';
import { useCurrentUser } from '../../../lib/session/use-current-user.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useVerifyEmailMutation } from '../api.ts';
import { AuthLayout, AuthText, AuthTitle, Form, Notice } from '../components/auth-layout.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';
import { failureMessage } from '../failure-message.ts';

export const VERIFY_TITLE = 'Verify Email';
export const CHOOSE_PASSWORD_TITLE = 'Choose a Password';
export const VERIFYING = 'Verifying your email address...';
export const MISSING_TOKEN = 'This verification link is incomplete. Open the link from the email again, or request a new one from My WeeklyDiv.';
export const LOG_IN_FOR_NEW_LINK = 'Log In to request a new link';

type State = { step: 'verifying' } | { step: 'verified'; answer: VerifyEmailAnswer } | { step: 'failed'; message: string };

/**
 * `/verify-email?token=…` (the link of the verification mail): posts the token once, on arrival.
 * - Verified in a browser signed in to the account: says so, with the way to the personal area.
 * - Verified anywhere else (the answer carries a password token): every session of the account ended
 *   and its password stopped working, so the screen goes straight on to "Choose a Password" (the reset
 *   form); then /login.
 * - A used, expired or unknown link: the server's message and a way to a new link (the resend button
 *   when signed in and not verified; Log In otherwise; the personal area when already verified).
 */
export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const [verifyEmail] = useVerifyEmailMutation();
  const [state, setState] = useState<State>(token ? { step: 'verifying' } : { step: 'failed', message: MISSING_TOKEN });
  const sent = useRef(false);
  const choosing = state.step === 'verified' && state.answer.passwordToken !== null;
  useDocumentTitle(choosing ? CHOOSE_PASSWORD_TITLE : VERIFY_TITLE);

  useEffect(() => {
    // Once per visit (the link is single use; StrictMode runs effects twice in development).
    if (!token || sent.current) return;
    sent.current = true;
    verifyEmail({ token })
      .unwrap()
      .then((answer) => setState({ step: 'verified', answer }))
      .catch((error: unknown) => setState({ step: 'failed', message: failureMessage(error) }));
  }, [token, verifyEmail]);

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
    <AuthLayout busy={state.step === 'verifying'}>
      <AuthTitle>{VERIFY_TITLE}</AuthTitle>
      {state.step === 'verifying' ? (
        <AuthText role="status">{VERIFYING}</AuthText>
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
