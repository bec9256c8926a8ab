import type { FormEvent } from 'react';
import { styled } from 'styled-components';
import { isApiError, serverMessage } from '../../../api/base-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { serverFieldErrors, validatePasswordChange, type PasswordValues } from '../account-forms.ts';
import { useChangePasswordMutation } from '../api.ts';
import { Actions, Form } from './profile-card.tsx';
import { theme } from '../../../styles/theme.ts';

export const changePasswordTexts = {
  title: 'Change password',
  text: 'Changing your password signs out every other device; you stay signed in here. Your private calendar link is replaced too, and we email you that the password changed.',
  current: 'Current Password',
  next: 'New Password',
  confirm: 'Confirm New Password',
  submit: 'Change password',
  submitting: 'Changing...',
  done: 'Password changed',
  doneText: 'Every other device is signed out. You stay signed in here.',
  failed: 'Changing your password failed',
} as const;

const empty: PasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The account page's "Change password" (`POST /api/user/password`): current password, new one twice. */
export function ChangePasswordCard() {
  const form = useFormFields(empty, validatePasswordChange);
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { toast } = useToast();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check(event.currentTarget)) return;
    const { currentPassword, newPassword } = form.values;
    try {
      await changePassword({ currentPassword, newPassword }).unwrap();
      form.reset();
      toast({ title: changePasswordTexts.done, description: changePasswordTexts.doneText });
    } catch (error) {
      if (isApiError(error)) form.setErrors(serverFieldErrors(error.data, ['currentPassword', 'newPassword']));
      toast({ title: changePasswordTexts.failed, description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Card aria-labelledby="change-password-title">
      <CardTitle as="h2" id="change-password-title">
        {changePasswordTexts.title}
      </CardTitle>
      <CardText>{changePasswordTexts.text}</CardText>
      <PasswordForm onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
        <TextField
          label={changePasswordTexts.current}
          type="password"
          autoComplete="current-password"
          {...form.field('currentPassword')}
        />
        <TextField
          label={changePasswordTexts.next}
          type="password"
          autoComplete="new-password"
          {...form.field('newPassword')}
        />
        <TextField
          label={changePasswordTexts.confirm}
          type="password"
          autoComplete="new-password"
          {...form.field('confirmPassword')}
        />
        <Actions>
          <Button type="submit" disabled={isLoading}>
            {isLoading ? changePasswordTexts.submitting : changePasswordTexts.submit}
          </Button>
        </Actions>
      </PasswordForm>
    </Card>
  );
}

const PasswordForm = styled(Form)`
  margin-top: ${theme.space.md};
`;
