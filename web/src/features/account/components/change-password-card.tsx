import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import { isApiError, serverMessage } from '../../../api/base-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { serverFieldErrors, validatePasswordChange, type FormErrors, type PasswordValues } from '../account-forms.ts';
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
  const [values, setValues] = useState<PasswordValues>(empty);
  const [errors, setErrors] = useState<FormErrors<keyof PasswordValues>>({});
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const { toast } = useToast();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validatePasswordChange(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first !== undefined) {
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword }).unwrap();
      setValues(empty);
      toast({ title: changePasswordTexts.done, description: changePasswordTexts.doneText });
    } catch (error) {
      if (isApiError(error)) setErrors(serverFieldErrors(error.data, ['currentPassword', 'newPassword']));
      toast({ title: changePasswordTexts.failed, description: serverMessage(error), variant: 'destructive' });
    }
  }

  const set = (name: keyof PasswordValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  return (
    <Card aria-labelledby="change-password-title">
      <CardTitle as="h2" id="change-password-title">
        {changePasswordTexts.title}
      </CardTitle>
      <CardText>{changePasswordTexts.text}</CardText>
      <PasswordForm onSubmit={onSubmit} noValidate aria-labelledby="change-password-title">
        <TextField
          label={changePasswordTexts.current}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <TextField
          label={changePasswordTexts.next}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
        />
        <TextField
          label={changePasswordTexts.confirm}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
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
