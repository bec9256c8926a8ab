import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AuthLayout, AuthText, AuthTitle, LinkRow, Notice } from '../components/auth-layout.tsx';
import { NewPasswordForm } from '../components/new-password-form.tsx';

export const INVALID_LINK = 'Invalid reset link. Please request a new password reset.';
/** What a reset does beside the password (audit I1): the reset mail says the same. */
export const RESET_LEAD =
  'Choose a new password for your account. It signs you out on every device and replaces your private calendar link: calendars subscribed to the old link stop updating.';

/**
 * `/reset-password?token=…`: New Password and Confirm Password (at least 6
 * characters each, and equal). Without a token the screen says the link is invalid (submitting
 * anyway: "Invalid reset token"). On success it says so and goes to /login after 3 seconds.
 */
export default function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();

  return (
    <AuthLayout>
      <AuthTitle>Reset Password</AuthTitle>
      <NewPasswordForm
        token={token}
        submitLabel="Reset Password"
        lead={
          token ? (
            <AuthText>{RESET_LEAD}</AuthText>
          ) : (
            <Notice $tone="negative" role="alert">
              {INVALID_LINK}
            </Notice>
          )
        }
        footer={
          token ? null : (
            <LinkRow>
              <Link to={paths.forgotPassword}>Forgot password?</Link>
            </LinkRow>
          )
        }
      />
    </AuthLayout>
  );
}
