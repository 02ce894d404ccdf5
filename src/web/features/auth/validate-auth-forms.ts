// Client-side checks for the Get Started card. They mirror SPEC §5 so the user sees the message
// before anything is sent; the server checks the same rules again.

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';
export const PASSWORD_MIN_LENGTH = 6;

export type SignInValues = { identifier: string; password: string };
export type SignUpValues = { email: string; password: string };
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

// SPEC §5: an identifier with an at sign is an email, anything else a username.
export function isEmailLike(value: string) {
  return value.includes('@');
}

export function validateSignIn({ identifier, password }: SignInValues): FieldErrors<keyof SignInValues> {
  const errors: FieldErrors<keyof SignInValues> = {};
  if (identifier.trim() === '') errors.identifier = 'Please enter your username or email';
  // Existing passwords are never length-checked at sign-in: only the server knows the rule they met.
  if (password === '') errors.password = 'Please enter your password';
  return errors;
}

export function validateSignUp({ email, password }: SignUpValues): FieldErrors<keyof SignUpValues> {
  const errors: FieldErrors<keyof SignUpValues> = {};
  const emailError = validateResetEmail(email);
  if (emailError) errors.email = emailError;
  if (password === '') errors.password = 'Please choose a password';
  else if (password.length < PASSWORD_MIN_LENGTH) {
    errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  return errors;
}

export function validateResetEmail(email: string): string | undefined {
  const trimmed = email.trim();
  return trimmed === '' || !isEmailLike(trimmed) ? INVALID_EMAIL_MESSAGE : undefined;
}

// SPEC §2: entering reset mode carries over what was typed, but only when it is an email.
export function pickResetEmail(identifier: string) {
  const trimmed = identifier.trim();
  return isEmailLike(trimmed) ? trimmed : '';
}

export function hasErrors(errors: Record<string, string | undefined>) {
  return Object.values(errors).some(Boolean);
}
