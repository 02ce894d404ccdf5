import { Hono } from 'hono';
import {
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  setSuspensionRequestSchema,
  setUserRoleRequestSchema,
} from '../../../shared/admin-users';
import { type Auth, sessionEnder } from '../../auth/auth';
import { allowTo } from '../../auth/guard';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { listUsers } from './list-users';
import { setSuspension } from './set-suspension';
import { setUserRole } from './set-user-role';

const list = describeRoute({
  summary: 'Accounts, by username or email, paged',
  tag: 'admin',
  access: 'admins',
  query: adminUsersQuerySchema,
  answer: adminUsersPageSchema,
});
const role = describeRoute({
  summary: "Set an account's role",
  tag: 'admin',
  access: 'admins (not their own role)',
  body: setUserRoleRequestSchema,
  answer: adminUserSchema,
});
const suspension = describeRoute({
  summary: 'Suspend an account (ending its sessions) or restore it',
  tag: 'admin',
  access: 'admins (not themselves)',
  body: setSuspensionRequestSchema,
  answer: adminUserSchema,
});

/** /api/admin/users: admins list accounts, set roles, suspend and restore (needs loadViewer). */
export function adminUserRoutes({ db, auth }: { db: Db; auth: Auth }) {
  const endSessions = sessionEnder(auth);
  return new Hono<AppEnv>()
    .get('/', list.doc, allowTo('users:manage'), async (c) => {
      const viewer = c.var.caller;
      const query = list.query(c);
      return c.json(await listUsers({ db, ...query, viewerUserId: viewer.userId }));
    })
    .put('/:username/role', role.doc, allowTo('users:manage'), async (c) => {
      const viewer = c.var.caller;
      const { userType } = await role.body(c);
      return c.json(
        await setUserRole({ db, account: c.req.param('username'), userType, actingUserId: viewer.userId }),
      );
    })
    .put('/:username/suspension', suspension.doc, allowTo('users:manage'), async (c) => {
      const viewer = c.var.caller;
      const { suspended } = await suspension.body(c);
      return c.json(
        await setSuspension({
          db,
          account: c.req.param('username'),
          suspended,
          actingUserId: viewer.userId,
          endSessions,
        }),
      );
    });
}
