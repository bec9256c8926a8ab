import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResetPasswordMutation } from '../api.ts';
import { AuthLayout, AuthText, AuthTitle, DoneNotice, Form, LinkRow, Notice } from '../components/auth-layout.tsx';
import { PasswordField } from '../components/password-field.tsx';
import { failureMessage } from '../failure-message.ts';
import { useFormFields } from '../use-form-fields.ts';
import { validateReset } from '../validation.ts';

export const RESET_REDIRECT_MS = 3000;
export const RESET_DONE = 'Your password has been reset successfully';
export const INVALID_LINK = 'Invalid reset link. Please request a new password reset.';
export const INVALID_TOKEN = 'Invalid reset token';

/**
 * `/reset-password?token=…`: New Password and Confirm Password (at least 6
 * characters each, and equal). Without a token the screen says the link is invalid (submitting
 * anyway: "Invalid reset token"). On success it says so and goes to /login after 3 seconds.
 */
export default function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  const [params] = useSearchParams();
  const token = (params.get('token') ?? '').trim();
  const form = useFormFields({ newPassword: '', confirmPassword: '' }, validateReset);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const { toast } = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(event.currentTarget)) return;
    if (!token) {
      toast({ title: INVALID_TOKEN, variant: 'destructive' });
      return;
    }
    try {
      await resetPassword({ token, newPassword: form.values.newPassword }).unwrap();
      setDone(true);
    } catch (error) {
      toast({ title: failureMessage(error), variant: 'destructive' });
    }
  }

  return (
    <AuthLayout>
      <AuthTitle>Reset Password</AuthTitle>
      {done ? (
        <DoneNotice>{RESET_DONE}</DoneNotice>
      ) : (
        <>
          {token ? (
            <AuthText>Choose a new password for your account.</AuthText>
          ) : (
            <Notice $tone="negative" role="alert">
              {INVALID_LINK}
            </Notice>
          )}
          <Form onSubmit={onSubmit} noValidate aria-label="Reset Password">
            <PasswordField label="New Password" autoComplete="new-password" {...form.field('newPassword')} />
            <PasswordField label="Confirm Password" autoComplete="new-password" {...form.field('confirmPassword')} />
            {token ? null : (
              <LinkRow>
                <Link to={paths.forgotPassword}>Forgot password?</Link>
              </LinkRow>
            )}
            <Button type="submit" $size="lg" $block disabled={isLoading}>
              Reset Password
            </Button>
          </Form>
        </>
      )}
    </AuthLayout>
  );
}
