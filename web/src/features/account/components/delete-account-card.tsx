import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { isApiError, serverMessage } from '../../../api/base-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardText, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { paths } from '../../../lib/paths.ts';
import { dropUserData, signedOut } from '../../../lib/session/api.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { theme } from '../../../styles/theme.ts';
import { serverFieldErrors } from '../account-forms.ts';
import { useDeleteAccountMutation } from '../api.ts';

/** The texts of the card, the dialog and the toast (docs/accounts-and-security.md "Deleting an account"). */
export const deleteAccountTexts = {
  title: 'Delete account',
  text: 'Deleting your account removes your portfolio, favorites, alerts, payout records and support requests for good. A Premium subscription is cancelled at once (the days left are not refunded) and your brokerage connection is removed. We email you a confirmation.',
  password: 'Password',
  button: 'Delete account',
  passwordRequired: 'Enter your password to delete your account',
  confirmTitle: 'Delete your account?',
  confirmText: 'This deletes your account, portfolio, favorites, alerts and payout records. It cannot be undone.',
  confirm: 'Delete my account',
  confirming: 'Deleting...',
  cancel: 'Cancel',
  done: 'Account deleted',
  failed: 'Deleting your account failed',
} as const;

type Values = { password: string };
const empty: Values = { password: '' };
const validate = (values: Values) => (values.password === '' ? { password: deleteAccountTexts.passwordRequired } : {});

/**
 * The account page's "Delete account" (`DELETE /api/user {password}`): the password in the card, then a
 * confirmation; on success the session is over, so it leaves like a logout (landing page, signed out,
 * the user's data dropped) and the toast says the account was deleted and the mail sent. A wrong
 * password closes the dialog and marks the field.
 */
export function DeleteAccountCard() {
  const form = useFormFields(empty, validate);
  const [confirming, setConfirming] = useState(false);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const { toast } = useToast();
  const navigate = useNavigate();
  const dispatch = useDispatch();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.check(event.currentTarget)) setConfirming(true);
  }

  async function onConfirm() {
    try {
      const { message } = await deleteAccount({ password: form.values.password }).unwrap();
      await navigate(paths.home, { flushSync: true });
      flushSync(() => {
        dispatch(signedOut());
      });
      dispatch(dropUserData());
      toast({ title: deleteAccountTexts.done, description: message });
    } catch (error) {
      setConfirming(false);
      if (isApiError(error)) form.setErrors(serverFieldErrors(error.data, ['password']));
      toast({ title: deleteAccountTexts.failed, description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <DangerCard aria-labelledby="delete-account-title">
      <DangerTitle as="h2" id="delete-account-title">
        {deleteAccountTexts.title}
      </DangerTitle>
      <CardText>{deleteAccountTexts.text}</CardText>
      <Form onSubmit={onSubmit} noValidate aria-labelledby="delete-account-title">
        <TextField label={deleteAccountTexts.password} type="password" autoComplete="current-password" {...form.field('password')} />
        <div>
          <Button type="submit" $variant="destructive">
            {deleteAccountTexts.button}
          </Button>
        </div>
      </Form>
      {confirming && (
        <Dialog open onClose={() => setConfirming(false)} title={deleteAccountTexts.confirmTitle} description={deleteAccountTexts.confirmText}>
          <DialogActions>
            <Button $variant="ghost" onClick={() => setConfirming(false)}>
              {deleteAccountTexts.cancel}
            </Button>
            <Button $variant="destructive" onClick={onConfirm} disabled={isLoading}>
              {isLoading ? deleteAccountTexts.confirming : deleteAccountTexts.confirm}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </DangerCard>
  );
}

const DangerCard = styled(Card)`
  border-color: ${theme.colors.destructive};
`;

const DangerTitle = styled(CardTitle)`
  color: ${theme.colors.destructive};
`;

const Form = styled.form`
  display: grid;
  gap: ${theme.space.md};
  margin-top: ${theme.space.md};
  max-width: 420px;
`;
