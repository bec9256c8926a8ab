import type { FieldErrors } from '../../lib/use-form-fields.ts';

export { serverFieldErrors } from '../../lib/use-form-fields.ts';

/**
 * The checks of the account page's forms, messages word for word the server's (`accountMessages` in
 * contracts/accounts.ts, the sign-up form's in features/auth/validation.ts): the server checks them
 * again, and also refuses a very common new password or a wrong current one.
 */

export const accountFormMessages = {
  required: 'Required',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  firstNameLong: 'First name must be at most 100 characters',
  lastNameLong: 'Last name must be at most 100 characters',
  firstNameLink: 'First name cannot contain a link or an email address',
  lastNameLink: 'Last name cannot contain a link or an email address',
  currentPassword: 'Enter your current password',
  password: 'Password must be at least 6 characters',
  passwordLong: 'Password must be at most 256 characters',
  passwordsDontMatch: "Passwords don't match",
} as const;

/** The client's one form-errors shape (web/src/lib/use-form-fields.ts). */
export type FormErrors<F extends string> = FieldErrors<F>;

/** A link or an address in a name (`LINK_IN_NAME` of contracts/accounts.ts). */
const LINK_IN_NAME = /:\/\/|www\.|@/i;

function nameError(value: string, required: string, long: string, link: string): string | undefined {
  const name = value.trim();
  if (name.length < 1) return required;
  if (name.length > 100) return long;
  return LINK_IN_NAME.test(name) ? link : undefined;
}

function compact<F extends string>(errors: Record<F, string | undefined>): FormErrors<F> {
  const out: FormErrors<F> = {};
  for (const key of Object.keys(errors) as F[]) if (errors[key] !== undefined) out[key] = errors[key];
  return out;
}

export type NameValues = {
  firstName: string;
  lastName: string;
};

export function validateName(values: NameValues): FormErrors<keyof NameValues> {
  const m = accountFormMessages;
  return compact({
    firstName: nameError(values.firstName, m.firstName, m.firstNameLong, m.firstNameLink),
    lastName: nameError(values.lastName, m.lastName, m.lastNameLong, m.lastNameLink),
  });
}

export type PasswordValues = {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

function newPasswordError(value: string): string | undefined {
  if (value.length < 6) return accountFormMessages.password;
  return value.length > 256 ? accountFormMessages.passwordLong : undefined;
}

export function validatePasswordChange(values: PasswordValues): FormErrors<keyof PasswordValues> {
  const confirm = newPasswordError(values.confirmPassword);
  return compact({
    currentPassword: values.currentPassword.length > 0 ? undefined : accountFormMessages.currentPassword,
    newPassword: newPasswordError(values.newPassword),
    confirmPassword: confirm ?? (values.confirmPassword === values.newPassword ? undefined : accountFormMessages.passwordsDontMatch),
  });
}

