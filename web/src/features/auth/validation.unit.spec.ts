import { describe, expect, it } from 'vitest';
import { accountMessages, LINK_IN_NAME as SERVER_LINK_IN_NAME } from '../../../../contracts/accounts.ts';
import { emailError, LINK_IN_NAME, messages, validateLogin, validateReset, validateSignup } from './validation.ts';

describe('account form rules and their messages', () => {
  it("are the server's messages word for word (contracts/accounts.ts)", () => {
    expect(messages.required).toBe(accountMessages.required);
    expect(messages.email).toBe(accountMessages.email);
    expect(messages.password).toBe(accountMessages.passwordShort);
    expect(messages.firstName).toBe(accountMessages.nameRequired('First name'));
    expect(messages.lastName).toBe(accountMessages.nameRequired('Last name'));
    expect(messages.firstNameLink).toBe(accountMessages.nameLink('First name'));
    expect(messages.lastNameLink).toBe(accountMessages.nameLink('Last name'));
    expect([LINK_IN_NAME.source, LINK_IN_NAME.flags]).toEqual([SERVER_LINK_IN_NAME.source, SERVER_LINK_IN_NAME.flags]);
  });

  it('e-mail must be an address', () => {
    expect(emailError('ann@example.com')).toBeUndefined();
    expect(emailError('  ann@example.com ')).toBeUndefined();
    expect(emailError('')).toBe('Invalid email address');
    expect(emailError('ann@')).toBe('Invalid email address');
    expect(emailError('ann@example')).toBe('Invalid email address');
    expect(emailError('ann..lee@example.com')).toBe('Invalid email address');
    expect(emailError(undefined)).toBe('Required');
  });

  it('login: e-mail and a password of at least 6 characters', () => {
    expect(validateLogin({ email: 'x', password: '12345' })).toEqual({
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
    });
    expect(validateLogin({ email: 'a@b.co', password: '123456' })).toEqual({});
  });

  it('signup: names required, same e-mail and password rules', () => {
    expect(validateSignup({ firstName: ' ', lastName: '', email: 'a@b.co', password: '123456' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('signup: a name with a link or an address is refused, as the server refuses it (audit S4)', () => {
    const values = { email: 'a@b.co', password: '123456' };
    expect(validateSignup({ ...values, firstName: 'see https://evil.example', lastName: 'Lee' })).toEqual({ firstName: 'First name cannot contain a link or an email address' });
    expect(validateSignup({ ...values, firstName: 'Ann', lastName: 'Www.evil.example' })).toEqual({ lastName: 'Last name cannot contain a link or an email address' });
    expect(validateSignup({ ...values, firstName: 'ann@evil.example', lastName: 'Lee' })).toEqual({ firstName: 'First name cannot contain a link or an email address' });
    expect(validateSignup({ ...values, firstName: 'Mary-Ann J.', lastName: "O'Brien St. John" })).toEqual({});
  });

  it("reset: both at least 6 characters, and they must match (on the confirmation)", () => {
    expect(validateReset({ newPassword: '123', confirmPassword: '' })).toEqual({
      newPassword: messages.password,
      confirmPassword: messages.password,
    });
    expect(validateReset({ newPassword: 'abcdef', confirmPassword: 'abcdeg' })).toEqual({ confirmPassword: "Passwords don't match" });
    expect(validateReset({ newPassword: 'abcdef', confirmPassword: 'abcdef' })).toEqual({});
  });
});
