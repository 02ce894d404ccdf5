import type { SafetyCheck, SafetyReason } from '../../../shared/safety';
import type { Db } from '../../db/client';
import type { CurrentTextChecker } from './current-checker';
import { findNamedMembers } from './find-named-members';

/**
 * The whole check of a text someone is about to post (issue #47): the word lists, and for an anonymous
 * text whether it names a member other than its author (hold). The verdict is the most severe finding.
 * The same function answers the composer's check and decides a post's fate on the server.
 */
export async function checkText(options: {
  db: Db;
  /** The app's checker, with the admins' words (current-checker.ts). */
  checker: CurrentTextChecker;
  text: string;
  anonymous: boolean;
  authorId: string;
}): Promise<SafetyCheck> {
  const found = (await options.checker.get()).check(options.text);
  const naming: SafetyReason[] =
    options.anonymous && options.text.trim()
      ? await findNamedMembers(options.db, options.text, options.authorId)
      : [];
  if (naming.length === 0) return found;
  return { verdict: 'hold', reasons: [...found.reasons, ...naming] };
}
