// A class's superlatives on its class page (issue #52, decision 042), for the tab's campus, drawn by
// the server with the page: the round's categories as the viewer may see them. Nominating: the
// viewer's nomination in each, or "Nominate a classmate" (nominee-picker.tsx). Voting: each
// category's ballot, one vote each. Closed: the date results show, then each category's winner. Staff
// also see how many took part and their tools (round-tools.tsx, a chunk of its own: members never load
// it). Members of another class see the categories and who takes part; nobody sees who chose whom.
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import type { Institution } from '../../../../shared/institutions';
import type {
  ClassSuperlatives,
  SuperlativeCategory,
  SuperlativeRound,
} from '../../../../shared/superlatives';
import type { Classmate } from '../../../../shared/yearbook';
import { Avatar } from '../../../components/avatar';
import { Icon } from '../../../components/icons/icon';
import { announce } from '../../../components/ui/announcer';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { lazyPage } from '../../../lib/lazy-page';
import { LocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';
import { useSession } from '../../auth';
import {
  useApproveCategory,
  useRemoveCategory,
  useVote,
  useWithdrawNomination,
} from '../api/superlatives-api';
import { NomineePicker } from './nominee-picker';

const RoundTools = lazyPage('features/superlatives/components/round-tools.tsx', () =>
  import('./round-tools').then((m) => m.RoundTools),
);

const SIGNED_OUT = 'Please sign in to take part in superlatives.';

export function SuperlativesSection({ answer, year }: { answer: ClassSuperlatives; year: string }) {
  const headingId = useId();
  const { round, viewer, campus } = answer;
  const staff = round ? round.canManage : viewer.isStaff;
  return (
    <section
      id="superlatives"
      aria-labelledby={headingId}
      className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <Icon name="sparkles" className="size-5 text-brand-600 dark:text-brand-300" />
        Superlatives
      </h2>
      {round ? <RoundSummary answer={answer} round={round} /> : null}
      {staff ? (
        <Suspense fallback={<LoadingStatus className="mt-3">Loading...</LoadingStatus>}>
          <RoundTools answer={answer} year={year} />
        </Suspense>
      ) : null}
      {round && round.categories.length > 0 ? (
        <ul aria-label="Categories" className="mt-4 space-y-3">
          {round.categories.map((category) => (
            <li key={category.id}>
              <CategoryCard
                category={category}
                round={round}
                inClass={viewer.inClass}
                year={Number(year)}
                campus={campus}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** What the round is at, for this viewer, in a line or two. */
function RoundSummary({ answer, round }: { answer: ClassSuperlatives; round: SuperlativeRound }) {
  const { viewer, year, campus } = answer;
  const who = `the Class of ${year} (${campus})`;
  let text: React.ReactNode;
  switch (round.phase) {
    case 'draft':
      text =
        'Only staff see this round until nominations open. Add categories (no hurtful titles), approve each one, then open nominations.';
      break;
    case 'nominating':
      text = viewer.inClass
        ? 'Nominations are open: nominate one classmate in each category. You can change your nomination until the vote opens.'
        : `Only ${who} nominates.`;
      break;
    case 'voting':
      text = viewer.inClass
        ? 'The vote is open: one vote in each category, for one of the most nominated classmates.'
        : `Only ${who} votes.`;
      break;
    default:
      text = round.resultsShown ? null : (
        <>
          Results on{' '}
          <time dateTime={round.resultsAt} className="font-semibold">
            <LocalDate isoDate={round.resultsAt} kind="exact" />
          </time>
          .
        </>
      );
  }
  return (
    <>
      {text ? <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{text}</p> : null}
      {viewer.inClass && viewer.optedOut && round.phase !== 'closed' ? (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          You left superlatives: nobody can nominate or vote for you.{' '}
          <Link to={paths.editProfile.getHref()} className={textLinkClasses}>
            Edit profile
          </Link>
        </p>
      ) : null}
    </>
  );
}

function CategoryCard({
  category,
  round,
  inClass,
  year,
  campus,
}: {
  category: SuperlativeCategory;
  round: SuperlativeRound;
  inClass: boolean;
  year: number;
  campus: Institution;
}) {
  const titleId = useId();
  const { participation } = category;
  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 p-3 sm:p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={titleId} className="text-base font-semibold break-words text-slate-900 dark:text-white">
          {category.title}
        </h3>
        {participation && round.phase !== 'draft' ? (
          <p className="text-xs text-slate-600 tabular-nums dark:text-slate-400">
            {participation.nominated} nominated · {participation.voted} voted
          </p>
        ) : null}
      </div>
      {round.phase === 'draft' ? <DraftCategory category={category} /> : null}
      {round.phase === 'nominating' && inClass ? (
        <MyNomination category={category} year={year} campus={campus} />
      ) : null}
      {round.phase === 'voting' ? <Ballot category={category} canVote={inClass} /> : null}
      {round.phase === 'closed' ? (
        <Result category={category} shown={round.resultsShown} staff={round.canManage} />
      ) : null}
    </article>
  );
}

/** Draft (staff): approved or not, Approve, Remove. */
function DraftCategory({ category }: { category: SuperlativeCategory }) {
  const approve = useApproveCategory();
  const remove = useRemoveCategory();
  const busy = approve.isPending || remove.isPending;

  async function removeIt() {
    const confirmed = await confirmAction({
      title: 'Remove this category?',
      message: `“${category.title}” will not be in this round.`,
      confirmLabel: 'Remove',
      destructive: true,
    });
    if (!confirmed) return;
    remove.mutate(category.id, {
      onSuccess: () => announce('Category removed.', 'info'),
      onError: (problem) => announce(failureMessage(problem, SIGNED_OUT), 'error'),
    });
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {category.approved ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50">
          <Icon name="check" className="size-3.5" />
          Approved
        </span>
      ) : (
        <>
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50">
            Not approved
          </span>
          <button
            type="button"
            disabled={busy}
            onClick={() =>
              approve.mutate(category.id, {
                onSuccess: () => announce(`“${category.title}” approved.`, 'info'),
                onError: (problem) => announce(failureMessage(problem, SIGNED_OUT), 'error'),
              })
            }
            aria-label={`Approve “${category.title}”`}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Approve
          </button>
        </>
      )}
      <button
        type="button"
        disabled={busy}
        onClick={() => void removeIt()}
        aria-label={`Remove “${category.title}”`}
        className={composeButtonClasses({ variant: 'ghost', size: 'sm' })}
      >
        Remove
      </button>
    </div>
  );
}

/** A classmate's photo and name, linking to their profile. */
function ClassmateLine({ person, emphasis = false }: { person: Classmate; emphasis?: boolean }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar name={person.fullName} src={person.profilePictureUrl} size={emphasis ? 'md' : 'sm'} />
      <Link
        to={paths.userProfile.getHref(person.username)}
        className="min-w-0 font-semibold break-words text-slate-900 underline-offset-2 hover:underline dark:text-white"
      >
        {person.fullName}
        <span className="block truncate text-sm font-normal text-slate-600 dark:text-slate-400">
          @{person.username}
        </span>
      </Link>
    </span>
  );
}

/** Nominating, in the class: one's nomination (Change, Withdraw) or "Nominate a classmate". */
function MyNomination({
  category,
  year,
  campus,
}: {
  category: SuperlativeCategory;
  year: number;
  campus: Institution;
}) {
  const [picking, setPicking] = useState(false);
  const withdraw = useWithdrawNomination(category.id);
  const mine = category.myNomination;
  // The picker closed (chosen, Cancel, Escape) or the nomination was withdrawn: focus goes to Nominate
  // or Change, whichever the card shows once the answer is in, not to the page (for a few seconds: no
  // later change of the round takes it from wherever the person has gone since).
  const back = useRef<HTMLButtonElement>(null);
  const refocusUntil = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the button to focus changes with these.
  useEffect(() => {
    if (!picking && Date.now() < refocusUntil.current) back.current?.focus();
  }, [picking, mine?.username]);
  const refocus = () => {
    refocusUntil.current = Date.now() + 3_000;
  };
  const done = () => {
    refocus();
    setPicking(false);
  };

  if (picking) {
    return (
      <NomineePicker
        categoryId={category.id}
        title={category.title}
        year={year}
        campus={campus}
        onDone={done}
      />
    );
  }
  if (!mine) {
    return (
      <button
        ref={back}
        type="button"
        onClick={() => setPicking(true)}
        aria-label={`Nominate a classmate for “${category.title}”`}
        className={composeButtonClasses({ size: 'sm', className: 'mt-3 w-full sm:w-auto' })}
      >
        <Icon name="plus" className="size-4" />
        Nominate a classmate
      </button>
    );
  }
  return (
    <div className="mt-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">Your nomination</p>
      <div className="mt-1 flex flex-wrap items-center justify-between gap-3">
        <ClassmateLine person={mine} />
        <div className="flex gap-2">
          <button
            ref={back}
            type="button"
            onClick={() => setPicking(true)}
            aria-label={`Change your nomination for “${category.title}”`}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Change
          </button>
          <button
            type="button"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(undefined, {
                onSuccess: () => {
                  refocus();
                  announce('Nomination withdrawn.', 'info');
                },
                onError: (problem) => announce(failureMessage(problem, SIGNED_OUT), 'error'),
              })
            }
            aria-label={`Withdraw your nomination for “${category.title}”`}
            className={composeButtonClasses({ variant: 'ghost', size: 'sm' })}
          >
            Withdraw
          </button>
        </div>
      </div>
    </div>
  );
}

/**
 * Voting: the ballot (by name, never by count). In the class, a radio group and Vote, once; after,
 * "You voted for {name}". Anyone else reads the ballot.
 */
function Ballot({ category, canVote }: { category: SuperlativeCategory; canVote: boolean }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const vote = useVote(category.id);
  const errorId = useId();
  const me = useSession().data?.profile?.username.toLowerCase();
  const { ballot, myVote } = category;
  // Once the vote is in, "You voted for" takes the focus the Vote button had.
  const voted = useRef<HTMLParagraphElement>(null);
  const justVoted = useRef(false);
  useEffect(() => {
    if (myVote === null || !justVoted.current) return;
    justVoted.current = false;
    voted.current?.focus();
  }, [myVote]);

  if (ballot.length === 0) {
    return (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        No one was nominated in this category.
      </p>
    );
  }
  if (myVote !== null) {
    const votedFor = ballot.find((person) => person.username === myVote);
    return (
      <p
        ref={voted}
        tabIndex={-1}
        className="mt-2 flex items-center gap-2 text-sm font-medium text-emerald-800 outline-none dark:text-emerald-300"
      >
        <Icon name="circle-check" className="size-4 shrink-0" />
        {`You voted for ${votedFor ? votedFor.fullName : `@${myVote}`}`}
      </p>
    );
  }
  if (!canVote) {
    return (
      <ul aria-label={`On the ballot for “${category.title}”`} className="mt-3 space-y-2">
        {ballot.map((person) => (
          <li key={person.username}>
            <ClassmateLine person={person} />
          </li>
        ))}
      </ul>
    );
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (vote.isPending) return;
    if (!chosen) {
      setError('Please choose a classmate.');
      return;
    }
    const name = ballot.find((person) => person.username === chosen)?.fullName ?? chosen;
    vote.mutate(chosen, {
      onSuccess: () => {
        justVoted.current = true;
        announce(`You voted for ${name} in “${category.title}”.`, 'info');
      },
      // Already voted or the vote closed (409): the round, asked again, shows it as it now is.
      onError: (problem) => {
        if (problem instanceof ApiError && problem.status === 409) announce(problem.message, 'error');
        else setError(failureMessage(problem, SIGNED_OUT));
      },
    });
  }

  return (
    <form onSubmit={submit} className="mt-2">
      <fieldset aria-describedby={error ? errorId : undefined}>
        <legend className="sr-only">Your vote for “{category.title}”</legend>
        <div className="space-y-1">
          {ballot.map((person) => (
            <label
              key={person.username}
              className="flex cursor-pointer items-center gap-3 rounded-xl p-2 hover:bg-slate-50 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-default has-[:disabled]:hover:bg-transparent dark:hover:bg-slate-800 dark:has-[:checked]:bg-brand-950"
            >
              <input
                type="radio"
                name={`vote-${category.id}`}
                value={person.username}
                // One's own place on the ballot: the server refuses a vote for oneself (403).
                disabled={person.username.toLowerCase() === me}
                checked={chosen === person.username}
                onChange={() => {
                  setChosen(person.username);
                  setError(null);
                }}
                className="size-4 shrink-0 accent-brand-600"
              />
              <Avatar name={person.fullName} src={person.profilePictureUrl} size="sm" />
              <span className="min-w-0 break-words">
                <span className="font-semibold text-slate-900 dark:text-white">{person.fullName}</span>{' '}
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  @{person.username}
                  {person.username.toLowerCase() === me ? ' (you)' : ''}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={vote.isPending}
        aria-label={`Vote in “${category.title}”`}
        className={composeButtonClasses({ size: 'sm', className: 'mt-2 w-full sm:w-auto' })}
      >
        {vote.isPending ? 'Voting...' : 'Vote'}
      </button>
    </form>
  );
}

/** Closed: the winner, once shown (to staff before, saying it is not shown yet). */
function Result({
  category,
  shown,
  staff,
}: {
  category: SuperlativeCategory;
  shown: boolean;
  staff: boolean;
}) {
  const { winner } = category;
  // Members see nothing of it before the date.
  if (!shown && !staff) return null;
  if (!winner) {
    return (
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        No winner: nobody voted in this category.
      </p>
    );
  }
  return (
    <div className="mt-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {shown ? 'Winner' : 'Winner (staff only until the results show)'}
      </p>
      <div className="mt-1">
        <ClassmateLine person={winner} emphasis />
      </div>
    </div>
  );
}
