import * as z from 'zod/mini';
import { USER_TYPES } from './roles';

/** One account as an admin sees it on the user management page. */
export const adminUserSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  userType: z.enum(USER_TYPES),
  suspended: z.boolean(),
  /** False on the admin's own row: nobody changes their own role or suspends themselves. */
  canChange: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  query: z.optional(z.string().check(z.trim(), z.maxLength(50, 'Search at most 50 characters.'))),
  /** Keyset cursor: the last username of the previous page. */
  after: z.optional(z.string().check(z.maxLength(20))),
});

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  nextCursor: z.nullable(z.string()),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const setUserRoleRequestSchema = z.object({
  userType: z.enum(USER_TYPES, { error: 'Choose admin, moderator or ordinary.' }),
});

export const setSuspensionRequestSchema = z.object({
  suspended: z.boolean({ error: 'Say whether the account is suspended (true or false).' }),
});
