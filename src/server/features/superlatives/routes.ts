import { Hono } from 'hono';
import { idParamsSchema } from '../../../shared/path-params';
import { PROFILE_MESSAGES, usernameSchema } from '../../../shared/profiles';
import { isStaff } from '../../../shared/roles';
import {
  classSuperlativesSchema,
  createCategoryRequestSchema,
  createRoundRequestSchema,
  myNominationSchema,
  myVoteSchema,
  nominationRequestSchema,
  nomineePageSchema,
  nomineesQuerySchema,
  profileSuperlativesSchema,
  resultsAtProblem,
  SUPERLATIVE_MESSAGES,
  superlativeCategorySchema,
  superlativeRoundSchema,
  superlativesParamsSchema,
  superlativesQuerySchema,
  updateRoundRequestSchema,
  voteRequestSchema,
} from '../../../shared/superlatives';
import { CLASS_MESSAGES, classYearOf } from '../../../shared/yearbook';
import { AppError } from '../../app-error';
import { allow, allowTo } from '../../auth/guard';
import { authorizeMember } from '../../auth/policies';
import { loadViewer, type ViewerDeps } from '../../auth/viewer';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { rateLimit } from '../../http/rate-limits';
import type { RateLimiter } from '../../platform/rate-limit';
import type { ObjectStorage } from '../../platform/storage';
import { refuseUnanswered } from '../posts';
import { type CurrentTextChecker, checkText } from '../safety';
import { listClass, presentClassmate } from '../yearbook';
import { findMember, inClassOf, type Member } from './class-member';
import { findProfileWins } from './find-profile-wins';
import {
  addCategory,
  createRound,
  decideCategory,
  deleteRound,
  refuseUnlessDraft,
  updateRound,
} from './manage-round';
import { presentRound } from './present';
import { findClassRound, findRound, type RoundRow, readCategories } from './read-round';
import { nominate, vote, withdrawNomination } from './take-part';

export interface SuperlativeDeps extends ViewerDeps {
  storage: ObjectStorage;
  rateLimiter: RateLimiter;
  /** The text check's word lists as admins extended them (features/safety): category titles. */
  textChecker: CurrentTextChecker;
}

const member = allow((viewer) => authorizeMember(viewer, SUPERLATIVE_MESSAGES.signedOut));
const staff = allowTo('superlatives:manage', {
  signedOut: SUPERLATIVE_MESSAGES.signedOut,
  forbidden: SUPERLATIVE_MESSAGES.staffOnly,
});
const missingRound = () => new AppError('not_found', SUPERLATIVE_MESSAGES.missingRound);
const missingCategory = () => new AppError('not_found', SUPERLATIVE_MESSAGES.missingCategory);
const noSuchClass = () => new AppError('not_found', CLASS_MESSAGES.noSuchClass);

const TAG = 'superlatives';

const classRound = describeRoute({
  summary:
    "A class's superlatives round as the viewer may see it: categories, the viewer's own nomination and vote, ballots (by name), winners once shown; to staff participation counts and the winners once closed. Never who chose whom, nor anyone's count",
  tag: TAG,
  access: 'members with a profile (a draft round is null but to staff)',
  params: superlativesParamsSchema,
  query: superlativesQuerySchema,
  answer: classSuperlativesSchema,
});
const nominees = describeRoute({
  summary:
    'The classmates the viewer may nominate: the class page’s list less themselves and those who left superlatives',
  tag: TAG,
  access: 'members of the class',
  params: superlativesParamsSchema,
  query: nomineesQuerySchema,
  answer: nomineePageSchema,
});
const start = describeRoute({
  summary: 'Start a superlatives round for a class (a draft), with the date its results are shown',
  tag: TAG,
  access: 'moderators and admins',
  params: superlativesParamsSchema,
  body: createRoundRequestSchema,
  answer: superlativeRoundSchema,
  status: 201,
});
const change = describeRoute({
  summary:
    'Move a round to its next phase (computing the ballots or the winners), or change when its results are shown',
  tag: TAG,
  access: 'moderators and admins',
  params: idParamsSchema,
  body: updateRoundRequestSchema,
  answer: superlativeRoundSchema,
});
const remove = describeRoute({
  summary: 'Delete a draft round',
  tag: TAG,
  access: 'moderators and admins',
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});
const addCategoryRoute = describeRoute({
  summary: 'Add a category to a draft round, through the text check',
  tag: TAG,
  access: 'moderators and admins',
  params: idParamsSchema,
  body: createCategoryRequestSchema,
  answer: superlativeCategorySchema,
  status: 201,
});
const approve = describeRoute({
  summary: 'Approve a category of a draft round',
  tag: TAG,
  access: 'moderators and admins',
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});
const removeCategory = describeRoute({
  summary: 'Remove a category of a draft round',
  tag: TAG,
  access: 'moderators and admins',
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});
const nominateRoute = describeRoute({
  summary: 'Nominate a classmate in a category, or change one’s nomination, while nominations are open',
  tag: TAG,
  access: 'members of the class',
  params: idParamsSchema,
  body: nominationRequestSchema,
  answer: myNominationSchema,
});
const withdraw = describeRoute({
  summary: 'Withdraw one’s nomination in a category while nominations are open',
  tag: TAG,
  access: 'members of the class',
  params: idParamsSchema,
  answer: 'none',
  status: 204,
});
const voteRoute = describeRoute({
  summary: 'Vote for someone on a category’s ballot, once, while the vote is open',
  tag: TAG,
  access: 'members of the class',
  params: idParamsSchema,
  body: voteRequestSchema,
  answer: myVoteSchema,
  status: 201,
});
const wins = describeRoute({
  summary: 'The superlatives a person won, where their results are shown',
  tag: TAG,
  access: 'members with a profile; 404 where there is a block between the viewer and the person',
  answer: profileSuperlativesSchema,
});

async function viewerMember(db: Db, userId: string): Promise<Member> {
  const found = await findMember(db, userId);
  if (!found) throw new AppError('forbidden', 'Please set up your profile first.');
  return found;
}

/** The round as staff see it (the answer to their changes). */
async function staffRound(deps: SuperlativeDeps, round: RoundRow, viewer: Member) {
  const categories = await readCategories(deps.db, {
    round,
    viewerId: viewer.userId,
    staff: true,
    inClass: inClassOf(viewer, round),
  });
  return presentRound(round, categories, { staff: true, storage: deps.storage });
}

/** /api/classes/{year}/superlatives: a class's round, its nominees, and staff starting one. */
export function classSuperlativeRoutes(deps: SuperlativeDeps) {
  const { db, storage } = deps;
  const yearOf = (raw: string | undefined) => {
    const year = classYearOf(raw);
    if (year === null) throw noSuchClass();
    return year;
  };
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/:year/superlatives', classRound.doc, member, async (c) => {
      const year = yearOf(classRound.params(c)?.year);
      const viewer = await viewerMember(db, c.var.caller.userId);
      const campus = classRound.query(c).campus ?? viewer.campus;
      const staffViewer = isStaff(viewer.userType);
      const inClass = inClassOf(viewer, { year, campus });
      const found = await findClassRound(db, year, campus);
      const round = found && (found.phase !== 'draft' || staffViewer) ? found : null;
      const categories = round
        ? await readCategories(db, { round, viewerId: viewer.userId, staff: staffViewer, inClass })
        : [];
      return c.json({
        year,
        campus,
        round: round ? presentRound(round, categories, { staff: staffViewer, storage }) : null,
        viewer: { isStaff: staffViewer, inClass, optedOut: viewer.optedOut },
      });
    })
    .get('/:year/superlatives/nominees', nominees.doc, member, async (c) => {
      const year = yearOf(nominees.params(c)?.year);
      const viewer = await viewerMember(db, c.var.caller.userId);
      const { campus: asked, q, cursor } = nominees.query(c);
      const campus = asked ?? viewer.campus;
      if (!inClassOf(viewer, { year, campus })) {
        throw new AppError('forbidden', SUPERLATIVE_MESSAGES.notInClass(year, campus));
      }
      const page = await listClass({
        db,
        viewerId: viewer.userId,
        year,
        campus,
        query: q || null,
        cursor,
        nominees: true,
      });
      return c.json({
        members: page.rows.map((row) => presentClassmate(row, storage)),
        nextCursor: page.nextCursor,
      });
    })
    .post(
      '/:year/superlatives',
      start.doc,
      staff,
      rateLimit(deps.rateLimiter, 'superlativeWrite', 'account'),
      async (c) => {
        const year = yearOf(start.params(c)?.year);
        const fields = await start.body(c);
        const problem = resultsAtProblem(fields.resultsAt, Date.now());
        if (problem) throw new AppError('validation_failed', problem, 'resultsAt');
        const viewer = await viewerMember(db, c.var.caller.userId);
        const id = await createRound(db, {
          year,
          campus: fields.campus,
          resultsAt: new Date(fields.resultsAt),
          createdBy: viewer.userId,
        });
        if (!id) throw new AppError('conflict', SUPERLATIVE_MESSAGES.roundExists);
        const round = await findRound(db, id);
        if (!round) throw missingRound();
        return c.json(await staffRound(deps, round, viewer), 201);
      },
    );
}

/** /api/superlatives/{roundId}: staff move a round, change its date, delete a draft, add categories. */
export function superlativeRoundRoutes(deps: SuperlativeDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .patch(
      '/:id',
      change.doc,
      staff,
      rateLimit(deps.rateLimiter, 'superlativeWrite', 'account'),
      async (c) => {
        const params = change.params(c);
        if (!params) throw missingRound();
        const fields = await change.body(c);
        const before = await findRound(db, params.id);
        if (!before) throw missingRound();
        let resultsAt: Date | 'now' | undefined;
        if (fields.resultsAt !== undefined) {
          // Once the round is closed (or closing now), a time not in the future shows the results now.
          const closed = (fields.phase ?? before.phase) === 'closed';
          const at = new Date(fields.resultsAt);
          if (closed && at.getTime() <= Date.now()) resultsAt = 'now';
          else {
            const problem = resultsAtProblem(fields.resultsAt, Date.now());
            if (problem) throw new AppError('validation_failed', problem, 'resultsAt');
            resultsAt = at;
          }
        }
        await updateRound(db, { roundId: params.id, phase: fields.phase, resultsAt });
        const round = await findRound(db, params.id);
        if (!round) throw missingRound();
        return c.json(await staffRound(deps, round, await viewerMember(db, c.var.caller.userId)));
      },
    )
    .delete('/:id', remove.doc, staff, async (c) => {
      const params = remove.params(c);
      if (!params) throw missingRound();
      await deleteRound(db, params.id);
      return c.body(null, 204);
    })
    .post(
      '/:id/categories',
      addCategoryRoute.doc,
      staff,
      rateLimit(deps.rateLimiter, 'superlativeWrite', 'account'),
      async (c) => {
        const params = addCategoryRoute.params(c);
        if (!params) throw missingRound();
        const fields = await addCategoryRoute.body(c);
        // Refused before the title is checked: a round past its draft never depends on new words.
        refuseUnlessDraft(await findRound(db, params.id));
        const found = refuseUnanswered(
          await checkText({
            db,
            checker: deps.textChecker,
            text: fields.title,
            anonymous: false,
            authorId: c.var.caller.userId,
          }),
          fields,
        );
        if (found.verdict === 'hold') {
          throw new AppError('validation_failed', SUPERLATIVE_MESSAGES.held, {
            field: 'title',
            reasons: found.reasons,
          });
        }
        const row = await addCategory(db, { roundId: params.id, title: fields.title });
        return c.json(
          {
            ...row,
            myNomination: null,
            ballot: [],
            myVote: null,
            winner: null,
            participation: { nominated: 0, voted: 0 },
          },
          201,
        );
      },
    );
}

/** /api/superlative-categories/{id}: staff approve or remove; members nominate, withdraw, vote. */
export function superlativeCategoryRoutes(deps: SuperlativeDeps) {
  const { db, storage } = deps;
  const limited = rateLimit(deps.rateLimiter, 'superlativeWrite', 'account');
  const participant = async (userId: string) => {
    const found = await viewerMember(db, userId);
    return { member: found, staff: isStaff(found.userType) };
  };
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .post('/:id/approval', approve.doc, staff, limited, async (c) => {
      const params = approve.params(c);
      if (!params) throw missingCategory();
      await decideCategory(db, { categoryId: params.id, decision: 'approve' });
      return c.body(null, 204);
    })
    .delete('/:id', removeCategory.doc, staff, limited, async (c) => {
      const params = removeCategory.params(c);
      if (!params) throw missingCategory();
      await decideCategory(db, { categoryId: params.id, decision: 'remove' });
      return c.body(null, 204);
    })
    .put('/:id/nomination', nominateRoute.doc, member, limited, async (c) => {
      const params = nominateRoute.params(c);
      const { username } = await nominateRoute.body(c);
      if (!params) throw missingCategory();
      const chosen = await nominate(db, {
        categoryId: params.id,
        username,
        ...(await participant(c.var.caller.userId)),
      });
      return c.json({ myNomination: presentClassmate(chosen, storage) });
    })
    .delete('/:id/nomination', withdraw.doc, member, limited, async (c) => {
      const params = withdraw.params(c);
      if (!params) throw missingCategory();
      await withdrawNomination(db, { categoryId: params.id, ...(await participant(c.var.caller.userId)) });
      return c.body(null, 204);
    })
    .post('/:id/vote', voteRoute.doc, member, limited, async (c) => {
      const params = voteRoute.params(c);
      const { username } = await voteRoute.body(c);
      if (!params) throw missingCategory();
      await vote(db, { categoryId: params.id, username, ...(await participant(c.var.caller.userId)) });
      return c.json({ myVote: username }, 201);
    });
}

/** /api/profiles/{username}/superlatives: a person's shown wins. */
export function profileSuperlativeRoutes(deps: SuperlativeDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(loadViewer(deps))
    .get('/:username/superlatives', wins.doc, member, async (c) => {
      const raw = c.req.param('username');
      const parsed = usernameSchema.safeParse(raw);
      const found = parsed.success ? await findProfileWins(db, parsed.data, c.var.caller.userId) : null;
      if (!found) throw new AppError('not_found', PROFILE_MESSAGES.userMissing(raw.slice(0, 40)));
      return c.json({ wins: found.map(({ title, year, campus }) => ({ title, year, campus })) });
    });
}
