import { Hono } from 'hono';
import { idParamsSchema } from '../../../shared/path-params';
import { pageQuerySchema } from '../../../shared/posts';
import {
  addWordRequestSchema,
  safetyCheckRequestSchema,
  safetyCheckSchema,
  WORD_LIST_MESSAGES,
  wordListEntrySchema,
  wordListPageSchema,
} from '../../../shared/safety';
import { AppError } from '../../app-error';
import { allow, allowTo } from '../../auth/guard';
import { authorizeMember } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import { checkText } from './check-text';
import type { CurrentTextChecker } from './current-checker';
import { addWordListTerm, listWordListTerms, removeWordListTerm, wordListEffects } from './word-lists';

interface SafetyDeps extends ViewerDeps {
  rateLimiter: RateLimiter;
  textChecker: CurrentTextChecker;
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
      return c.json(
        await checkText({ db, checker: deps.textChecker, text, anonymous, authorId: viewer.userId }),
      );
    },
  );
}

const wordLists = describeRoute({
  summary: "The words admins added to the text check's lists, newest first, and what each list does",
  tag: 'admin',
  access: 'admins',
  query: pageQuerySchema,
  answer: wordListPageSchema,
});
const addWord = describeRoute({
  summary: 'Add a word or phrase to a list of the text check, or to its allowlist (logged)',
  tag: 'admin',
  access: 'admins',
  body: addWordRequestSchema,
  answer: wordListEntrySchema,
  status: 201,
});
const removeWord = describeRoute({
  summary: 'Remove a word an admin added (the built-in lists stay; logged)',
  tag: 'admin',
  access: 'admins',
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});

/**
 * /api/admin/word-lists (needs loadViewer): admins extend the text check (issue #47). A change is
 * answered once this instance checks with it; the others build theirs again on hearing of it.
 */
export function adminWordListRoutes(deps: { db: Db; textChecker: CurrentTextChecker }) {
  const { db, textChecker } = deps;
  const admin = allowTo('word-lists:manage', { forbidden: WORD_LIST_MESSAGES.adminsOnly });
  return new Hono<AppEnv>()
    .get('/', wordLists.doc, admin, async (c) => {
      const { cursor } = wordLists.query(c);
      return c.json({ lists: wordListEffects(), ...(await listWordListTerms(db, cursor)) });
    })
    .post('/', addWord.doc, admin, async (c) => {
      const { list, term } = await addWord.body(c);
      const entry = await addWordListTerm(db, { list, term, adminId: c.var.caller.userId });
      await textChecker.refresh();
      return c.json(entry, 201);
    })
    .delete('/:id', removeWord.doc, admin, async (c) => {
      const params = removeWord.params(c);
      if (!params || !(await removeWordListTerm(db, { id: params.id, adminId: c.var.caller.userId }))) {
        throw new AppError('not_found', WORD_LIST_MESSAGES.missing);
      }
      await textChecker.refresh();
      return c.body(null, 204);
    });
}
