import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { useResetPasswordMutation } from '../api.ts';
import { failureMessage } from '../failure-message.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { validateReset } from '../validation.ts';
import { DoneNotice, Form } from './auth-layout.tsx';
import { PasswordField } from './password-field.tsx';

export const RESET_REDIRECT_MS = 3000;
export const RESET_DONE = 'Your password has been reset successfully';
export const INVALID_TOKEN = 'Invalid reset token';
/** Issue 31 (docs/open-data.md): a reset revokes the personal API tokens unless unticked. */
export const REVOKE_TOKENS = 'Also revoke my API tokens (scripts using them stop working)';

/**
 * Choosing a password with a single-use token (`POST /api/reset-password`): New Password and
 * Confirm Password (at least 6 characters each, and equal). Used by /reset-password (the mailed
 * link's token) and by /verify-email when the verification ended every session (the answer's token).
 * `lead` is shown above the form until it succeeds; then the screen says so and goes to /login after
 * 3 seconds. Without a token, submitting says "Invalid reset token".
 */
export function NewPasswordForm({ token, submitLabel, lead, footer }: { token: string; submitLabel: string; lead?: ReactNode; footer?: ReactNode }) {
  const form = useFormFields({ newPassword: '', confirmPassword: '' }, validateReset);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [done, setDone] = useState(false);
  const [revokeTokens, setRevokeTokens] = useState(true);
  const { toast } = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login, { replace: true }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check(event.currentTarget)) return;
    if (!token) {
      toast({ title: INVALID_TOKEN, variant: 'destructive' });
      return;
    }
    try {
      await resetPassword({ token, newPassword: form.values.newPassword, revokeTokens }).unwrap();
      setDone(true);
    } catch (error) {
      toast({ title: failureMessage(error), variant: 'destructive' });
    }
  }

  if (done) return <DoneNotice>{RESET_DONE}</DoneNotice>;
  return (
    <>
      {lead}
      <Form onSubmit={onSubmit} noValidate aria-label={submitLabel}>
        <PasswordField label="New Password" autoComplete="new-password" {...form.field('newPassword')} />
        <PasswordField label="Confirm Password" autoComplete="new-password" {...form.field('confirmPassword')} />
        <label>
          <input type="checkbox" checked={revokeTokens} onChange={(e) => setRevokeTokens(e.target.checked)} /> {REVOKE_TOKENS}
        </label>
        {footer}
        <Button type="submit" $size="lg" $block disabled={isLoading}>
          {submitLabel}
        </Button>
      </Form>
    </>
  );
}
