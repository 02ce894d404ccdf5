// The text checker every check of this app uses (issue #47): the built-in word lists and the words
// admins added (word-lists.ts), built again when those change, never per check. Each app (one per
// database) has its own, so two test servers in one process never share an admin's words.
//
// Every instance hears a change as NOTIFY word_lists_changed, which the table's trigger sends at
// commit (migration 0020), whichever instance or tool made it; it reads the words again and builds a
// new checker (about a millisecond for a few hundred words: the built-in lists' matchers are built once
// per process, text-check.ts). A check that starts while a reload is under way waits for it, so a
// check after the notice is heard uses the new words. The instance that made the change reloads before
// answering the admin. On PGlite the one process hears its own notices with the statement that sent them.
// While the listening connection is lost a notice may be missed: the words are then read again before
// a check whenever the last read is older than RELOAD_WHILE_DEAF_MS, and once more when it listens again.
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { createTextChecker, type TextChecker } from './text-check';
import { readWordLists } from './word-lists';

export const WORD_LISTS_CHANNEL = 'word_lists_changed';

/** The longest a checker is used without reading the words again while notices cannot be heard. */
export const RELOAD_WHILE_DEAF_MS = 5_000;

export interface CurrentTextChecker {
  /** The checker to use now: the last one built, unless a change was heard since (then the next). */
  get(): Promise<TextChecker>;
  /** Reads the words again and builds the checker (after a change this instance made). */
  refresh(): Promise<void>;
}

export function listeningTextChecker(database: Database, logger?: Logger): CurrentTextChecker {
  let built: { checker: TextChecker; heard: number; at: number } | null = null;
  // Changes heard (a count): a checker built from a read started before the latest is out of date.
  let heard = 0;
  let listening = false;
  let lost = false;
  let loading: Promise<TextChecker> | null = null;

  const load = (): Promise<TextChecker> => {
    if (loading) return loading;
    const started = heard;
    const at = Date.now();
    loading = readWordLists(database.db)
      .then((words) => {
        const checker = createTextChecker(words);
        if (!built || built.heard <= started) built = { checker, heard: started, at };
        return checker;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  const fresh = () =>
    built !== null && built.heard === heard && (listening || Date.now() - built.at < RELOAD_WHILE_DEAF_MS);
  // A change heard: reload now, so the next check rarely waits. A failure is retried by the next check.
  const hear = () => {
    heard++;
    void settled();
  };
  // Loads until the checker is fresh: a change heard during a read needs another.
  const settled = async (): Promise<TextChecker> => {
    for (let attempt = 0; attempt < 3 && !fresh(); attempt++) {
      try {
        await load();
      } catch (error) {
        if (!built) throw error;
        logger?.warn({ err: error }, 'could not read the word lists again; checking with the last ones read');
        break;
      }
    }
    // Still stale after a failed read: the last checker stands until a read succeeds.
    if (built) return built.checker;
    return load();
  };

  database.listen(WORD_LISTS_CHANNEL, {
    onNotice: hear,
    onListening: () => {
      if (lost) logger?.info('listening for word list changes again');
      listening = true;
      lost = false;
      // A change may have gone unheard before listening began (or while it was lost).
      if (built) hear();
    },
    onLost: () => {
      if (!lost) {
        logger?.warn(
          'lost the connection listening for word list changes; reading the lists again every few seconds until it is back',
        );
      }
      lost = true;
      listening = false;
    },
  });

  return {
    get: () => (fresh() && built ? Promise.resolve(built.checker) : settled()),
    async refresh() {
      heard++;
      await settled();
    },
  };
}
