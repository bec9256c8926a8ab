import { useState, type FormEvent } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useForgotPasswordMutation } from '../api.ts';
import { AuthLayout, AuthText, AuthTitle, DoneNotice, Form } from '../components/auth-layout.tsx';
import { failureMessage } from '../failure-message.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { validateForgotPassword } from '../validation.ts';

export const FORGOT_PASSWORD_SENT = "If an account exists with the email you provided, you'll receive a password reset link shortly.";

/** `/forgot-password`: e-mail, "Send Reset Link", then the same answer for every address. */
export default function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password');
  const form = useFormFields({ email: '' }, validateForgotPassword);
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  const { toast } = useToast();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(event.currentTarget)) return;
    try {
      await forgotPassword({ email: form.values.email.trim() }).unwrap();
      setSent(true);
    } catch (error) {
      toast({ title: failureMessage(error), variant: 'destructive' });
    }
  }

  return (
    <AuthLayout>
      <AuthTitle>Forgot Password</AuthTitle>
      {sent ? (
        <DoneNotice>{FORGOT_PASSWORD_SENT}</DoneNotice>
      ) : (
        <>
          <AuthText>Enter the email address of your account and we'll send you a link to set a new password.</AuthText>
          <Form onSubmit={onSubmit} noValidate aria-label="Forgot Password">
            <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
            <Button type="submit" $size="lg" $block disabled={isLoading}>
              Send Reset Link
            </Button>
            <ButtonLink to={paths.login} $variant="ghost" $block>
              Back to Log In
            </ButtonLink>
          </Form>
        </>
      )}
    </AuthLayout>
  );
}
