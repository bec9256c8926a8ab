/**
 * Client-side checks of the account forms, messages word for word (the server's, `accountMessages` in
 * contracts/accounts.ts, are the same). Each function takes
 * the form's values and answers the message per invalid field (an empty object when valid). The
 * server checks the same rules again.
 */

export const messages = {
  required: 'Required',
  email: 'Invalid email address',
  password: 'Password must be at least 6 characters',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  firstNameLink: 'First name cannot contain a link or an email address',
  lastNameLink: 'Last name cannot contain a link or an email address',
  passwordsDontMatch: "Passwords don't match",
} as const;

export const MIN_PASSWORD_LENGTH = 6;

export type { FieldErrors } from '../../lib/use-form-fields.ts';
import type { FieldErrors } from '../../lib/use-form-fields.ts';

/**
 * An e-mail address as the server accepts it (the same shape zod's `z.email()` checks): a local
 * part without leading, trailing or doubled dots, an @, and a domain with a 2+ letter top level.
 */
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function emailError(value: string | undefined): string | undefined {
  if (value === undefined) return messages.required;
  const email = value.trim();
  return email.length <= 254 && EMAIL.test(email) ? undefined : messages.email;
}

export function passwordError(value: string | undefined): string | undefined {
  if (value === undefined) return messages.required;
  return value.length >= MIN_PASSWORD_LENGTH ? undefined : messages.password;
}

/** A link or an address in a name (`LINK_IN_NAME` of contracts/accounts.ts): `://`, `www.` or `@`. */
export const LINK_IN_NAME = /:\/\/|www\.|@/i;

function nameError(value: string | undefined, required: string, link: string): string | undefined {
  if (value === undefined) return messages.required;
  if (value.trim().length < 1) return required;
  return LINK_IN_NAME.test(value) ? link : undefined;
}

/** Drops the fields without a message. */
function compact<F extends string>(errors: Record<F, string | undefined>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const key of Object.keys(errors) as F[]) {
    const message = errors[key];
    if (message !== undefined) out[key] = message;
  }
  return out;
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(values: LoginValues): FieldErrors<keyof LoginValues> {
  return compact({ email: emailError(values.email), password: passwordError(values.password) });
}

export interface SignupValues extends LoginValues {
  firstName: string;
  lastName: string;
}

export function validateSignup(values: SignupValues): FieldErrors<keyof SignupValues> {
  return compact({
    firstName: nameError(values.firstName, messages.firstName, messages.firstNameLink),
    lastName: nameError(values.lastName, messages.lastName, messages.lastNameLink),
    email: emailError(values.email),
    password: passwordError(values.password),
  });
}

export function validateForgotPassword(values: { email: string }): FieldErrors<'email'> {
  return compact({ email: emailError(values.email) });
}

export interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

/** Both at least 6 characters; the confirmation must match ("Passwords don't match" on it). */
export function validateReset(values: ResetValues): FieldErrors<keyof ResetValues> {
  const confirmLength = passwordError(values.confirmPassword);
  return compact({
    newPassword: passwordError(values.newPassword),
    confirmPassword: confirmLength ?? (values.confirmPassword === values.newPassword ? undefined : messages.passwordsDontMatch),
  });
}
