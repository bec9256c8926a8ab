import { useState, type FormEvent } from 'react';
import { styled } from 'styled-components';
import type { User } from '../../../../../contracts/accounts.ts';
import { isApiError, serverMessage } from '../../../api/base-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardTitle } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { theme } from '../../../styles/theme.ts';
import { useFormFields } from '../../../lib/use-form-fields.ts';
import { serverFieldErrors, validateName, type NameValues } from '../account-forms.ts';
import { useUpdateProfileMutation } from '../api.ts';

export const profileTexts = {
  title: 'Profile',
  name: 'Name',
  email: 'Email',
  edit: 'Edit name',
  firstName: 'First Name',
  lastName: 'Last Name',
  save: 'Save name',
  saving: 'Saving...',
  cancel: 'Cancel',
  saved: 'Your name was changed',
  failed: 'Changing your name failed',
  emailNote: 'Your email address is how you sign in; it cannot be changed here.',
} as const;

/**
 * The profile card of /account: the name and the address; "Edit name" turns the name into a form
 * (`PATCH /api/user`, sign-up's rules). The header's greeting reads the same cached user, which the
 * mutation refetches, so it changes at once.
 */
export function ProfileCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card aria-labelledby="profile-title">
      <CardTitle as="h2" id="profile-title">
        {profileTexts.title}
      </CardTitle>
      {editing ? (
        <NameForm user={user} onDone={() => setEditing(false)} />
      ) : (
        <>
          <Details>
            <div>
              <dt>{profileTexts.name}</dt>
              <dd data-testid="profile-name">
                {user.firstName} {user.lastName}
              </dd>
            </div>
            <div>
              <dt>{profileTexts.email}</dt>
              <dd>{user.email}</dd>
            </div>
          </Details>
          <Actions>
            <Button $variant="outline" onClick={() => setEditing(true)}>
              {profileTexts.edit}
            </Button>
          </Actions>
        </>
      )}
    </Card>
  );
}

function NameForm({ user, onDone }: { user: User; onDone: () => void }) {
  const form = useFormFields<NameValues>({ firstName: user.firstName, lastName: user.lastName }, validateName);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const { toast } = useToast();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check(event.currentTarget)) return;
    try {
      await updateProfile({ firstName: form.values.firstName.trim(), lastName: form.values.lastName.trim() }).unwrap();
      toast({ title: profileTexts.saved });
      onDone();
    } catch (error) {
      if (isApiError(error)) form.setErrors(serverFieldErrors(error.data, ['firstName', 'lastName']));
      toast({ title: profileTexts.failed, description: serverMessage(error), variant: 'destructive' });
    }
  }

  return (
    <Form onSubmit={onSubmit} noValidate aria-label="Edit name">
      <TextField label={profileTexts.firstName} autoComplete="given-name" {...form.field('firstName')} />
      <TextField label={profileTexts.lastName} autoComplete="family-name" {...form.field('lastName')} />
      <Actions>
        <Button type="submit" disabled={isLoading}>
          {isLoading ? profileTexts.saving : profileTexts.save}
        </Button>
        <Button $variant="ghost" onClick={onDone}>
          {profileTexts.cancel}
        </Button>
      </Actions>
    </Form>
  );
}

export const Form = styled.form`
  display: grid;
  gap: ${theme.space.md};
`;

const Details = styled.dl`
  display: grid;
  gap: 10px;
  margin: 0;
  & div {
    display: grid;
    grid-template-columns: 120px 1fr;
    gap: 8px;
    @media (max-width: ${theme.breakpoints.sm - 0.02}px) {
      grid-template-columns: 64px 1fr;
    }
  }
  & dt {
    color: ${theme.colors.textSecondary};
  }
  & dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  margin-top: ${theme.space.md};
`;
