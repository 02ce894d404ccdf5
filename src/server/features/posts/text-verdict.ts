import { SAFETY_MESSAGES } from '../../../shared/safety';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { type CurrentTextChecker, checkText } from '../safety';

/**
 * The text check of issue #47 on a post or a reply about to be written, whatever the browser checked:
 * `rethink` is refused (422, with what was found) until the writer answers "Post anyway", and the
 * verdict says whether to write it (`ok`, `rethink` answered) or hold it for review (`hold`).
 */
export async function textVerdict(
  deps: { db: Db; textChecker: CurrentTextChecker },
  text: { content: string; isAnonymous: boolean; postAnyway: boolean; authorId: string },
) {
  const found = await checkText({
    db: deps.db,
    checker: deps.textChecker,
    text: text.content,
    anonymous: text.isAnonymous,
    authorId: text.authorId,
  });
  if (found.verdict === 'rethink' && !text.postAnyway) {
    throw new AppError('rethink', SAFETY_MESSAGES.rethink, { reasons: found.reasons });
  }
  return found;
}
