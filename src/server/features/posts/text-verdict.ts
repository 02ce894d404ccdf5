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
  return refuseUnanswered(await foundInText(deps, text), text);
}

/** What the text check finds, refusing nothing yet (the reply route first looks at its thread). */
export function foundInText(
  deps: { db: Db; textChecker: CurrentTextChecker },
  text: { content: string; isAnonymous: boolean; authorId: string },
) {
  return checkText({
    db: deps.db,
    checker: deps.textChecker,
    text: text.content,
    anonymous: text.isAnonymous,
    authorId: text.authorId,
  });
}

/** `rethink` not yet answered with "Post anyway": the 422 that asks. Else the verdict as found. */
export function refuseUnanswered<T extends Awaited<ReturnType<typeof checkText>>>(
  found: T,
  text: { postAnyway: boolean },
): T {
  if (found.verdict === 'rethink' && !text.postAnyway) {
    throw new AppError('rethink', SAFETY_MESSAGES.rethink, { reasons: found.reasons });
  }
  return found;
}
