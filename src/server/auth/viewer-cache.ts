// Who a session belongs to, kept in this process for a short while so that a page read costs one
// query (its own) instead of two (issue #25). Correct only while it hears every change: the database
// announces each change of a session, suspension, profile or email as NOTIFY viewer_changed with the
// user's id (migration 0010's triggers), and every instance forgets that user's sessions on hearing it.
// While the listening connection is lost nothing is kept, so a missed notice cannot keep a suspended
// account in. Writes never use it (viewer.ts): they read the viewer from the database each time.

import type { Logger } from 'pino';
import type { Database, Listening } from '../db/client';
import type { Viewer } from './viewer';

export const VIEWER_CHANNEL = 'viewer_changed';

/** A safety net only: the notices are what keep entries right. */
const KEEP_MS = 60_000;
const MOST_ENTRIES = 20_000;

interface Entry {
  viewer: Viewer;
  until: number;
}

export interface ViewerCache {
  /** The viewer of a live session, if it is kept; sessions are named by their signed cookie. */
  read(cookie: string): Viewer | undefined;
  /** A mark to take before reading the database: `keep` refuses what an invalidation overtook. */
  mark(): number;
  keep(cookie: string, viewer: Viewer, sessionExpiresAt: Date, mark: number): void;
  /** Forgets every session of the user (a notice). */
  forgetUser(userId: string): void;
  /** Whether it is keeping anything (it listens); false until it first does. */
  readonly active: boolean;
  /** Starts or stops keeping (the listening connection came or went); stopping forgets everything. */
  setActive(active: boolean): void;
  /** Resolves once every change committed before the call has been heard (see `Listening.settle`). */
  settle(): Promise<void>;
}

/** `settle` waits for the notices in flight; a cache told of changes by hand (unit tests) has none. */
export function createViewerCache(
  now: () => number = Date.now,
  settle: () => Promise<void> = async () => {},
): ViewerCache {
  const entries = new Map<string, Entry>();
  const tokensOf = new Map<string, Set<string>>();
  let active = false;
  // Bumped by every invalidation: an answer read from the database before one is not kept after it.
  let generation = 0;

  const drop = (token: string) => {
    const entry = entries.get(token);
    if (!entry) return;
    entries.delete(token);
    const tokens = tokensOf.get(entry.viewer.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(entry.viewer.userId);
  };
  const clear = () => {
    generation++;
    entries.clear();
    tokensOf.clear();
  };

  return {
    read(token) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.until <= now()) {
        drop(token);
        return undefined;
      }
      return entry.viewer;
    },
    mark: () => generation,
    keep(token, viewer, sessionExpiresAt, mark) {
      if (!active || mark !== generation) return;
      if (entries.size >= MOST_ENTRIES) {
        // The oldest kept entry goes (a Map iterates in insertion order).
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) drop(oldest);
      }
      drop(token);
      entries.set(token, { viewer, until: Math.min(now() + KEEP_MS, sessionExpiresAt.getTime()) });
      let tokens = tokensOf.get(viewer.userId);
      if (!tokens) {
        tokens = new Set();
        tokensOf.set(viewer.userId, tokens);
      }
      tokens.add(token);
    },
    forgetUser(userId) {
      generation++;
      for (const token of tokensOf.get(userId) ?? []) entries.delete(token);
      tokensOf.delete(userId);
    },
    get active() {
      return active;
    },
    setActive(next) {
      clear();
      active = next;
    },
    settle,
  };
}

/**
 * A cache that listens to `database` for the changes that end it (see the top of this file). Losing
 * the listening connection is logged once, and so is hearing again after such a loss.
 */
export function listeningViewerCache(database: Database, logger?: Logger): ViewerCache {
  let listening: Listening | undefined;
  const cache = createViewerCache(Date.now, async () => listening?.settle());
  let lost = false;
  listening = database.listen(VIEWER_CHANNEL, {
    onNotice: (userId) => cache.forgetUser(userId),
    onListening: () => {
      if (lost) logger?.info('listening for session changes again; sessions are kept in memory again');
      lost = false;
      cache.setActive(true);
    },
    onLost: () => {
      if (!lost) {
        logger?.warn(
          'lost the connection listening for session changes; reading every session from the database until it is back',
        );
      }
      lost = true;
      cache.setActive(false);
    },
  });
  return cache;
}
