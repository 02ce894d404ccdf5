import { Hono } from 'hono';
import {
  adminUsersQuerySchema,
  setSuspensionRequestSchema,
  setUserRoleRequestSchema,
} from '../../../shared/admin-users';
import { type Auth, sessionEnder } from '../../auth/auth';
import { authorize } from '../../auth/policies';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { readJson, readQuery } from '../../http/validate';
import { listUsers } from './list-users';
import { setSuspension } from './set-suspension';
import { setUserRole } from './set-user-role';

/** /api/admin/users: admins list accounts, set roles, suspend and restore (needs loadViewer). */
export function adminUserRoutes({ db, auth }: { db: Db; auth: Auth }) {
  const endSessions = sessionEnder(auth);
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const viewer = authorize(c.get('viewer'), 'users:manage');
      const query = readQuery(c, adminUsersQuerySchema);
      return c.json(await listUsers({ db, ...query, viewerUserId: viewer.userId }));
    })
    .put('/:username/role', async (c) => {
      const viewer = authorize(c.get('viewer'), 'users:manage');
      const { userType } = await readJson(c, setUserRoleRequestSchema);
      return c.json(
        await setUserRole({ db, account: c.req.param('username'), userType, actingUserId: viewer.userId }),
      );
    })
    .put('/:username/suspension', async (c) => {
      const viewer = authorize(c.get('viewer'), 'users:manage');
      const { suspended } = await readJson(c, setSuspensionRequestSchema);
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
