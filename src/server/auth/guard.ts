// A route's "who may call it" step, as middleware in its chain: `allow(rule)` asks a rule of the policy
// module (auth/policies.ts) about the request's viewer and lets the caller through as `c.var.caller`,
// typed as a signed-in viewer; otherwise the rule's 401 or 403 ends the request before anything else
// runs. Rules about one thing (the owner of a post) are asked again in the handler once it is found.
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../http/context';
import { type Action, authorize } from './policies';
import type { Viewer } from './viewer';

export type CallerEnv = AppEnv & { Variables: { caller: Viewer } };

export function allow(rule: (viewer: Viewer | null) => Viewer) {
  return createMiddleware<CallerEnv>(async (c, next) => {
    c.set('caller', rule(c.get('viewer')));
    await next();
  });
}

/** `allow` for an action of the policy module with no particular subject (staff and admin screens). */
export function allowTo(action: Action, messages?: { signedOut?: string; forbidden?: string }) {
  return allow((viewer) => authorize(viewer, action, undefined, messages));
}
