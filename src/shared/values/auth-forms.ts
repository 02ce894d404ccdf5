// The account forms' rules and messages, zod-free (decision 013): the browser checks what was typed
// with them before anything is sent (src/web/features/auth/validate-auth-forms.ts), and the server's
// request schemas (../auth.ts) check with the same. Apart from ./auth.ts, so the pages that only read
// the session do not carry them.
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';

/**
 * What the account forms say about what was typed, the same in the browser (before anything is sent)
 * and on the server (the request schemas in ../auth.ts); SPEC §5, §8.
 */
export const AUTH_FORM_MESSAGES = {
  identifierRequired: 'Please enter your username or email',
  passwordRequired: 'Please enter your password',
  choosePassword: 'Please choose a password',
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

/** An email address as the server takes one (zod's practical pattern, which ../auth.ts checks with). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;

export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
