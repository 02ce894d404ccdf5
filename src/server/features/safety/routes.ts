import { Hono } from 'hono';
import { safetyCheckRequestSchema, safetyCheckSchema } from '../../../shared/safety';
import { allow } from '../../auth/guard';
import { authorizeMember } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import { checkText } from './check-text';

interface SafetyDeps extends ViewerDeps {
  rateLimiter: RateLimiter;
}

const check = describeRoute({
  summary: 'The text check of a draft: ok, rethink ("Post anyway?") or hold, with what it found',
  tag: 'safety',
  access: 'members with a profile',
  body: safetyCheckRequestSchema,
  answer: safetyCheckSchema,
});

/** /api/safety: the composer's check as the person types (issue #47); posting checks again. */
export function safetyRoutes(deps: SafetyDeps) {
  const { db, rateLimiter } = deps;
  return new Hono<AppEnv>().use(loadViewer(deps)).post(
    '/check',
    check.doc,
    allow((viewer) => authorizeMember(viewer)),
    rateLimit(rateLimiter, 'safetyCheck', 'account'),
    async (c) => {
      const viewer = c.var.caller;
      const { text, anonymous } = await check.body(c);
      return c.json(await checkText({ db, text, anonymous, authorId: viewer.userId }));
    },
  );
}
