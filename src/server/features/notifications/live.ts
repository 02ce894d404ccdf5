// Live delivery of the bell's count (issue #28). Each open stream (GET /api/notifications/stream) is
// registered here under its viewer. Changes of someone's unread count come as NOTIFY
// notifications_changed with their ids (comma-separated, or '*' for everyone), whichever instance made
// them: from migration 0014's statement triggers (notifications made, removed or read, settings
// changed), and from `announce`, which the like route calls after every like of another's post (a like
// that makes a read notification unread again is announced here, not by a trigger, so that nothing in
// the like's own transaction depends on what the author did). The instance holding that person's
// streams counts their unread notifications once and tells each stream. No polling: a person with no
// open stream costs nothing.
//
// A stream ends (and EventSource comes back, checked again as any request) when its viewer's sessions
// change (viewer_changed: a sign-out, a suspension, an account deleted), after four to six minutes
// (spread, so reconnections do not come in waves), and on shutdown, after which new ones end at once.
// While the listening connection is lost, changes may be missed: on hearing again every stream is told
// its count afresh.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { VIEWER_CHANNEL } from '../../auth/viewer-cache';
import type { Database } from '../../db/client';
import { countUnread } from './list-notifications';

export const NOTIFICATIONS_CHANNEL = 'notifications_changed';

/** How long a stream stays open before EventSource is made to come back: four to six minutes. */
export const streamLifetimeMs = () => 4 * 60_000 + Math.floor(Math.random() * 2 * 60_000);
/** Streams one person may hold open at once (tabs, devices); more are refused. */
export const MOST_STREAMS_PER_USER = 10;
/** Changes heard this close together are counted once; announcements are sent together as often. */
const GATHER_MS = 25;
/** A NOTIFY payload is at most 8000 bytes: ids are sent in lists well under that. */
const PAYLOAD_BYTES = 7_000;

export interface LiveStream {
  /** Tells the stream the viewer's unread count. */
  tell(unread: number): void;
  /** Ends the stream (the viewer must come back and be checked again). */
  end(): void;
}

export interface NotificationStreams {
  /**
   * Registers a stream of `userId` and has it told the current count; answers the function that
   * unregisters it, or null when that person already holds the most streams.
   */
  add(userId: string, stream: LiveStream): (() => void) | null;
  /** Whether `userId` holds as many streams as one may here. */
  full(userId: string): boolean;
  /** Says, to every instance, that `userId`'s count may have changed (sent within GATHER_MS). */
  announce(userId: string): void;
  /** How many streams are open (tests). */
  readonly size: number;
  /** Ends every stream, and every later one at once (shutdown). */
  endAll(): void;
  readonly closing: boolean;
  /** Resolves once changes committed or announced before the call have been heard and told (tests). */
  settle(): Promise<void>;
}

export function listeningNotificationStreams(database: Database, logger?: Logger): NotificationStreams {
  const byUser = new Map<string, Set<LiveStream>>();
  const pending = new Map<string, Promise<void>>();
  // The last count begun for each person: a count that finishes after a later one began is not told.
  const counting = new Map<string, number>();
  let size = 0;
  let closing = false;

  const tellUser = (userId: string): Promise<void> => {
    const already = pending.get(userId);
    if (already) return already;
    const told = new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS))
      .then(async () => {
        pending.delete(userId);
        if (!byUser.has(userId)) return;
        const turn = (counting.get(userId) ?? 0) + 1;
        counting.set(userId, turn);
        const unread = await countUnread(database.db, userId);
        if (counting.get(userId) !== turn) return;
        for (const stream of byUser.get(userId) ?? []) stream.tell(unread);
      })
      .catch((err: unknown) => {
        pending.delete(userId);
        logger?.warn({ err }, 'could not count unread notifications for a live stream');
      });
    pending.set(userId, told);
    return told;
  };
  const hear = (payload: string) => {
    // Most changes are of people with no open stream here: nothing to do.
    const ids = payload === '*' ? [...byUser.keys()] : payload.split(',');
    for (const userId of ids) if (byUser.has(userId)) void tellUser(userId);
  };
  const endUser = (userId: string) => {
    for (const stream of [...(byUser.get(userId) ?? [])]) stream.end();
  };

  let lost = false;
  const changes = database.listen(NOTIFICATIONS_CHANNEL, {
    onNotice: hear,
    onListening: () => {
      if (lost) hear('*');
      lost = false;
    },
    onLost: () => {
      lost = true;
    },
  });
  const sessions = database.listen(VIEWER_CHANNEL, {
    onNotice: endUser,
    onListening: () => {},
    // While session changes cannot be heard, no stream may outlive its session unnoticed.
    onLost: () => {
      for (const userId of [...byUser.keys()]) endUser(userId);
    },
  });

  // Announcements, gathered and sent as few NOTIFYs as their ids fit in.
  let announced = new Set<string>();
  let sending: Promise<void> | null = null;
  const sendAnnounced = async () => {
    while (announced.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, GATHER_MS));
      const lists: string[] = [];
      let list = '';
      for (const id of announced) {
        if (list && list.length + id.length + 1 > PAYLOAD_BYTES) {
          lists.push(list);
          list = '';
        }
        list = list ? `${list},${id}` : id;
      }
      if (list) lists.push(list);
      announced = new Set();
      for (const payload of lists) {
        await database.db
          .execute(sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, ${payload})`)
          .catch((err: unknown) => logger?.warn({ err }, 'could not announce a change of notifications'));
      }
    }
    sending = null;
  };

  return {
    add(userId, stream) {
      if (closing) {
        stream.end();
        return () => {};
      }
      let streams = byUser.get(userId);
      if (streams && streams.size >= MOST_STREAMS_PER_USER) return null;
      if (!streams) {
        streams = new Set();
        byUser.set(userId, streams);
      }
      streams.add(stream);
      size++;
      void tellUser(userId);
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        size--;
        const current = byUser.get(userId);
        current?.delete(stream);
        if (current?.size === 0) {
          byUser.delete(userId);
          counting.delete(userId);
        }
      };
    },
    full: (userId) => (byUser.get(userId)?.size ?? 0) >= MOST_STREAMS_PER_USER,
    announce(userId) {
      announced.add(userId);
      sending ??= sendAnnounced();
    },
    get size() {
      return size;
    },
    endAll() {
      closing = true;
      for (const userId of [...byUser.keys()]) endUser(userId);
    },
    get closing() {
      return closing;
    },
    async settle() {
      await sending;
      await Promise.all([changes.settle(), sessions.settle()]);
      await Promise.all([...pending.values()]);
    },
  };
}
