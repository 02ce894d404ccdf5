// Checks of the Get Started card before anything is sent (lib/use-form.ts takes them by `checkBy`):
// the rules and messages the server checks with (src/shared/values/auth-forms.ts, src/shared/limits.ts;
// SPEC §5, §8), so the person sees the same message sooner. Existing passwords are never
// length-checked at sign-in: only the server knows the rule they met.
import { PASSWORD_MIN_LENGTH } from '../../../shared/limits';
import { identifierIsEmail } from '../../../shared/values/auth';
import { AUTH_FORM_MESSAGES, isEmailAddress } from '../../../shared/values/auth-forms';

export type SignInValues = { identifier: string; password: string };
export type SignUpValues = { email: string; password: string };
type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export function validateSignIn({ identifier, password }: SignInValues): FieldErrors<keyof SignInValues> {
  const errors: FieldErrors<keyof SignInValues> = {};
  if (identifier.trim() === '') errors.identifier = AUTH_FORM_MESSAGES.identifierRequired;
  if (password === '') errors.password = AUTH_FORM_MESSAGES.passwordRequired;
  return errors;
}

export function validateSignUp({ email, password }: SignUpValues): FieldErrors<keyof SignUpValues> {
  const errors: FieldErrors<keyof SignUpValues> = {};
  const emailError = validateResetEmail(email);
  if (emailError) errors.email = emailError;
  if (password === '') errors.password = AUTH_FORM_MESSAGES.choosePassword;
  else if (password.length < PASSWORD_MIN_LENGTH) errors.password = AUTH_FORM_MESSAGES.passwordTooShort;
  return errors;
}

export function validateResetEmail(email: string): string | undefined {
  return isEmailAddress(email.trim()) ? undefined : AUTH_FORM_MESSAGES.invalidEmail;
}

// SPEC §2: entering reset mode carries over what was typed, but only when it is an email.
export function pickResetEmail(identifier: string) {
  const trimmed = identifier.trim();
  return identifierIsEmail(trimmed) ? trimmed : '';
}
