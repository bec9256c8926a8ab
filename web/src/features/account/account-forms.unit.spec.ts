import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../../../contracts/accounts.ts';
import { accountFormMessages, serverFieldErrors, validateName, validatePasswordChange } from './account-forms.ts';

describe('the account forms (issue 29)', () => {
  it("say the server's messages word for word", () => {
    expect(accountFormMessages.firstName).toBe(accountMessages.nameRequired('First name'));
    expect(accountFormMessages.lastName).toBe(accountMessages.nameRequired('Last name'));
    expect(accountFormMessages.firstNameLong).toBe(accountMessages.nameLong('First name'));
    expect(accountFormMessages.lastNameLong).toBe(accountMessages.nameLong('Last name'));
    expect(accountFormMessages.firstNameLink).toBe(accountMessages.nameLink('First name'));
    expect(accountFormMessages.lastNameLink).toBe(accountMessages.nameLink('Last name'));
    expect(accountFormMessages.currentPassword).toBe(accountMessages.currentPassword);
    expect(accountFormMessages.password).toBe(accountMessages.passwordShort);
    expect(accountFormMessages.passwordLong).toBe(accountMessages.passwordLong);
  });

  it('check the names as sign-up does', () => {
    expect(validateName({ firstName: 'Mary-Ann J.', lastName: "O'Brien St. John" })).toEqual({});
    expect(validateName({ firstName: '  ', lastName: 'x'.repeat(101) })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name must be at most 100 characters',
    });
    expect(validateName({ firstName: 'http://x', lastName: 'a@b.c' })).toEqual({
      firstName: 'First name cannot contain a link or an email address',
      lastName: 'Last name cannot contain a link or an email address',
    });
  });

  it('check the password change: current required, new 6 to 256, confirmation equal', () => {
    expect(validatePasswordChange({ currentPassword: 'old-pw', newPassword: 'new-secret', confirmPassword: 'new-secret' })).toEqual({});
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'short', confirmPassword: 'other-secret' })).toEqual({
      currentPassword: 'Enter your current password',
      newPassword: 'Password must be at least 6 characters',
      confirmPassword: "Passwords don't match",
    });
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: 'y'.repeat(257), confirmPassword: 'y'.repeat(257) })).toMatchObject({
      newPassword: 'Password must be at most 256 characters',
    });
  });

  it("take the server's per-field messages of the form's fields only", () => {
    const data = { message: 'm', errors: { currentPassword: 'Your current password is not correct', other: 'x' } };
    expect(serverFieldErrors(data, ['currentPassword', 'newPassword'])).toEqual({ currentPassword: 'Your current password is not correct' });
    expect(serverFieldErrors({ message: 'm' }, ['currentPassword'])).toEqual({});
    expect(serverFieldErrors(null, ['currentPassword'])).toEqual({});
  });
});
