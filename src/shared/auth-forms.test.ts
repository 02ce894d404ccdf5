// The account forms' rules are written once (values/auth.ts, limits.ts): the browser's checks before
// sending (src/web/features/auth/validate-auth-forms.ts) and the server's request schemas (auth.ts)
// take the same addresses and passwords, and say the same messages (issue #45).
import { describe, expect, it } from 'vitest';
import { validateResetEmail, validateSignIn, validateSignUp } from '../web/features/auth/validate-auth-forms';
import { emailSchema, signInRequestSchema, signUpRequestSchema } from './auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { AUTH_FORM_MESSAGES, isEmailAddress } from './values/auth-forms';

const ADDRESSES = [
  'asha@vitc.ac.in',
  'asha.r+yearbook@vitstudent.ac.in',
  "o'brien@example.com",
  'a@b.co',
  'asha@',
  '@vitc.ac.in',
  'asha@vitc',
  'asha vitc@ac.in',
  'asha..r@vitc.ac.in',
  '.asha@vitc.ac.in',
  'asha@-vitc.ac.in',
  'asha@vitc.c',
  `${'a'.repeat(245)}@vitc.ac.in`,
  '',
];

describe('the account forms, in the browser and on the server', () => {
  it.each(ADDRESSES)('agree on %j as an email address', (address) => {
    const server = emailSchema.safeParse(address).success;
    expect(isEmailAddress(address)).toBe(server);
    expect(validateResetEmail(address) === undefined).toBe(server);
  });

  it('take the address a person can sign up with, and refuse the rest with the same message', () => {
    const answer = signUpRequestSchema.safeParse({
      email: 'asha@vitc',
      password: 'long-enough',
      name: 'Asha',
    });
    expect(answer.success).toBe(false);
    expect(answer.error?.issues[0]?.message).toBe(AUTH_FORM_MESSAGES.invalidEmail);
    expect(validateSignUp({ email: 'asha@vitc', password: 'long-enough' }).email).toBe(
      AUTH_FORM_MESSAGES.invalidEmail,
    );
  });

  it.each([
    ['', AUTH_FORM_MESSAGES.choosePassword, false],
    ['x'.repeat(PASSWORD_MIN_LENGTH - 1), AUTH_FORM_MESSAGES.passwordTooShort, false],
    ['x'.repeat(PASSWORD_MIN_LENGTH), undefined, true],
    ['x'.repeat(PASSWORD_MAX_LENGTH), undefined, true],
  ])('agree on a new password of %j', (password, browserSays, serverTakes) => {
    expect(validateSignUp({ email: 'asha@vitc.ac.in', password }).password).toBe(browserSays);
    const answer = signUpRequestSchema.safeParse({ email: 'asha@vitc.ac.in', password, name: 'Asha' });
    expect(answer.success).toBe(serverTakes);
  });

  it('say the same when a sign-in field is empty', () => {
    const answer = signInRequestSchema.safeParse({ identifier: ' ', password: '' });
    const messages = answer.error?.issues.map((issue) => issue.message);
    const browser = validateSignIn({ identifier: ' ', password: '' });
    expect(messages).toEqual([browser.identifier, browser.password]);
    expect(browser).toEqual({
      identifier: AUTH_FORM_MESSAGES.identifierRequired,
      password: AUTH_FORM_MESSAGES.passwordRequired,
    });
  });
});
