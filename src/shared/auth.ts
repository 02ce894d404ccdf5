import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from './limits';

/** SPEC §5: one identifier field; containing @ means email, otherwise a username. */
export const signInRequestSchema = z.object({
  identifier: z
    .string()
    .check(z.trim(), z.minLength(1, 'Please enter your username or email'), z.maxLength(254)),
  password: z.string().check(z.minLength(1, 'Please enter your password'), z.maxLength(128)),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const signUpRequestSchema = z.object({
  email: z.email('Please enter a valid email address').check(z.maxLength(254)),
  password: z
    .string()
    .check(
      z.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
      z.maxLength(128, 'Password must be at most 128 characters'),
    ),
});

export function identifierIsEmail(identifier: string): boolean {
  return identifier.includes('@');
}

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});

export const sessionProfileSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  userType: z.enum(['admin', 'moderator', 'ordinary']),
  /** Null without a picture; absent in sessions cached before pictures existed. */
  profilePictureUrl: z.optional(z.nullable(z.string())),
});

/** GET /api/session: who is signed in, and whether they still need to set up a profile. */
export const sessionResponseSchema = z.object({
  user: z.nullable(sessionUserSchema),
  profile: z.nullable(sessionProfileSchema),
  needsProfileSetup: z.boolean(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const SIGN_IN_MESSAGES = {
  email: 'Invalid email or password',
  username: 'Invalid username or password',
  unverified: 'Please confirm your email address first: we sent you a link when you signed up.',
  tooMany: 'Too many attempts. Please wait a minute and try again.',
} as const;
