// Live delivery of the bell's count (issue #28). Each open stream (GET /api/notifications/stream) is
// registered here under its viewer; the database announces every change of someone's notifications or
// settings as NOTIFY notifications_changed with their id (migration 0014's triggers), whichever
// instance made it, and the instance holding that person's streams counts their unread notifications
// once and tells each stream. No polling: a person with no open stream costs nothing.
//
// A stream is ended (and EventSource comes back, re-checked as any request) when its viewer's sessions
// change (viewer_changed: a sign-out, a suspension, an account deleted), when it has been open for
// LIFETIME_MS, and on shutdown. While the listening connection is lost, changes may be missed: on
// hearing again every stream is told its count afresh.
import type { Logger } from 'pino';
import { VIEWER_CHANNEL } from '../../auth/viewer-cache';
import type { Database } from '../../db/client';
import { countUnread } from './list-notifications';

export const NOTIFICATIONS_CHANNEL = 'notifications_changed';

/** A stream's end, after which EventSource opens a new one. */
export const STREAM_LIFETIME_MS = 5 * 60_000;
/** Streams one person may hold open at once (tabs, devices); a further one ends the oldest. */
const MOST_STREAMS_PER_USER = 10;
/** Changes heard this close together are counted once. */
const GATHER_MS = 25;

export interface LiveStream {
  /** Tells the stream the viewer's unread count. */
  tell(unread: number): void;
  /** Ends the stream (the viewer must come back and be checked again). */
  end(): void;
}

export interface NotificationStreams {
  /** Registers a stream of `userId`; the answer unregisters it. */
  add(userId: string, stream: LiveStream): () => void;
  /** How many streams are open (tests and the health of an instance). */
  readonly size: number;
  /** Ends every stream (shutdown). */
  endAll(): void;
  /** Resolves once changes committed before the call have been heard and told (tests). */
  settle(): Promise<void>;
}

export function listeningNotificationStreams(database: Database, logger?: Logger): NotificationStreams {
  const byUser = new Map<string, Set<LiveStream>>();
  const pending = new Map<string, Promise<void>>();
  let size = 0;

  const tellUser = (userId: string): Promise<void> => {
    const already = pending.get(userId);
    if (already) return already;
    const told = new Promise<void>((resolve) => setTimeout(resolve, GATHER_MS))
      .then(async () => {
        pending.delete(userId);
        if (!byUser.has(userId)) return;
        const unread = await countUnread(database.db, userId);
        for (const stream of byUser.get(userId) ?? []) stream.tell(unread);
      })
      .catch((err: unknown) => {
        pending.delete(userId);
        logger?.warn({ err }, 'could not count unread notifications for a live stream');
      });
    pending.set(userId, told);
    return told;
  };
  const endUser = (userId: string) => {
    for (const stream of [...(byUser.get(userId) ?? [])]) stream.end();
  };

  let lost = false;
  const changes = database.listen(NOTIFICATIONS_CHANNEL, {
    // Most changes are of people with no open stream here: nothing to do.
    onNotice: (userId) => {
      if (byUser.has(userId)) void tellUser(userId);
    },
    onListening: () => {
      if (lost) for (const userId of byUser.keys()) void tellUser(userId);
      lost = false;
    },
    onLost: () => {
      lost = true;
    },
  });
  const sessions = database.listen(VIEWER_CHANNEL, {
    onNotice: endUser,
    // While session changes cannot be heard, no stream may outlive its session unnoticed.
    onListening: () => {},
    onLost: () => {
      for (const userId of [...byUser.keys()]) endUser(userId);
    },
  });

  return {
    add(userId, stream) {
      let streams = byUser.get(userId);
      if (!streams) {
        streams = new Set();
        byUser.set(userId, streams);
      }
      if (streams.size >= MOST_STREAMS_PER_USER) streams.values().next().value?.end();
      streams.add(stream);
      size++;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        size--;
        const current = byUser.get(userId);
        current?.delete(stream);
        if (current?.size === 0) byUser.delete(userId);
      };
    },
    get size() {
      return size;
    },
    endAll() {
      for (const userId of [...byUser.keys()]) endUser(userId);
    },
    async settle() {
      await Promise.all([changes.settle(), sessions.settle()]);
      await Promise.all([...pending.values()]);
    },
  };
}
