// Who may see a page behind the auth gate (SPEC §2 Auth gate, §6), decided one way for the gate that
// draws it (components/auth-gate.tsx) and for the server, which asks for a page's first data only
// when the gate will show that page (app/page-data.ts: the reports queue is not asked for a member).
import type { SessionPermissions } from '../../../shared/auth';
import { paths } from '../../config/paths';
import type { Session } from './api/session-api';

/**
 * - 'profile': signed in with a profile (else / or /profile/setup);
 * - 'setup': signed in without a profile yet (with one: /dashboard);
 * - a permission (staff screens): signed in with a profile whose session grants it, as the server's
 *   policies decided (others: /dashboard).
 */
export type GateRule = 'profile' | 'setup' | keyof SessionPermissions;

/** Where the gate sends this session instead, or null when it shows the page. */
export function gateRedirect(rule: GateRule, session: Session): string | null {
  if (!session.user) return paths.home.getHref();
  if (rule === 'setup') return session.needsProfileSetup ? null : paths.dashboard.getHref();
  if (session.needsProfileSetup) return paths.profileSetup.getHref();
  if (rule !== 'profile' && !session.profile?.permissions?.[rule]) return paths.dashboard.getHref();
  return null;
}
