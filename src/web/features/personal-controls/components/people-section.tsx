import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import type { ControlledPerson } from '../../../../shared/personal-controls';
import { Avatar } from '../../../components/avatar';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { useLocalDate } from '../../../lib/local-dates';
import { Link } from '../../../lib/router';
import { controlledPeopleQueryOptions, type PeopleControl, useSetPeopleControl } from '../api/controls-api';
import { ControlsSection, emptyClasses, listClasses, usedOf } from './controls-section';

interface PeopleWords {
  title: string;
  /** What the control does (decision 032), and what it never does. */
  does: ReactNode;
  empty: string;
  since: string;
  undo: string;
  undoing: string;
  done: (username: string) => string;
  loadFailed: string;
  /** Asked before undoing, where undoing shows the person something again. */
  confirm?: (username: string) => { title: string; message: string };
}

const WORDS: Record<PeopleControl, PeopleWords> = {
  mute: {
    title: 'Muted people',
    does: (
      <>
        <p>
          Muting someone takes their named posts out of your feed and search, and their likes out of your
          notifications. They are not told. Their profile still shows their posts when you open it.
        </p>
        <p>
          Their anonymous posts stay as they are: a mute never hides a post without a name on it, so it never
          tells you who wrote one.
        </p>
      </>
    ),
    empty: "You haven't muted anyone.",
    since: 'Muted',
    undo: 'Unmute',
    undoing: 'Unmuting...',
    done: (username) => `Unmuted @${username}: their named posts show in your feed again.`,
    loadFailed: 'Could not load the people you muted.',
  },
  block: {
    title: 'Blocked people',
    does: (
      <>
        <p>
          Blocking someone also hides you from them: neither of you sees the other's named posts or profile,
          and they can't like your named posts or mention you. They are not told, and can still report a post.
        </p>
        <p>Anonymous posts stay as they are, theirs and yours: a block never tells anyone who wrote one.</p>
      </>
    ),
    empty: "You haven't blocked anyone.",
    since: 'Blocked',
    undo: 'Unblock',
    undoing: 'Unblocking...',
    done: (username) => `Unblocked @${username}.`,
    loadFailed: 'Could not load the people you blocked.',
    confirm: (username) => ({
      title: `Unblock @${username}?`,
      message:
        'You will see each other’s named posts and profiles again, and they can like your posts and mention you. They are not told.',
    }),
  },
};

/** The people the viewer muted or blocked, newest first, each with Unmute or Unblock. */
export function PeopleSection({ control }: { control: PeopleControl }) {
  const words = WORDS[control];
  const people = useInfiniteQuery(controlledPeopleQueryOptions(control));
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = people.data?.pages[0];
  const list = people.data?.pages.flatMap((page) => page.people) ?? [];

  return (
    <ControlsSection
      title={words.title}
      headingRef={headingRef}
      used={first ? usedOf(first.count, first.limit) : null}
      description={words.does}
    >
      <FormOutcome outcome={outcome} look="line" className="mt-2 min-h-5 text-sm" />
      {people.isPending ? (
        <LoadingStatus className="mt-3">Loading...</LoadingStatus>
      ) : people.isError ? (
        <LoadError className="mt-3" message={words.loadFailed} onRetry={() => void people.refetch()} />
      ) : list.length === 0 ? (
        <p className={emptyClasses}>{words.empty}</p>
      ) : (
        <ul aria-label={words.title} className={listClasses}>
          {list.map((person) => (
            <PersonRow
              key={person.username}
              control={control}
              person={person}
              onOutcome={setOutcome}
              onGone={() => headingRef.current?.focus()}
            />
          ))}
        </ul>
      )}
      <LoadMoreButton list={people} label="More" className="mt-4" />
    </ControlsSection>
  );
}

function PersonRow({
  control,
  person,
  onOutcome,
  onGone,
}: {
  control: PeopleControl;
  person: ControlledPerson;
  onOutcome: (outcome: FormOutcomeState) => void;
  onGone: () => void;
}) {
  const words = WORDS[control];
  const change = useSetPeopleControl();
  const since = useLocalDate(person.since);

  async function undo() {
    const question = words.confirm?.(person.username);
    if (question && !(await confirmAction({ ...question, confirmLabel: words.undo }))) return;
    onOutcome(null);
    change.mutate(
      { control, username: person.username, on: false },
      {
        onSuccess: () => {
          onOutcome({ tone: 'ok', text: words.done(person.username) });
          onGone();
        },
        onError: (error) => onOutcome({ tone: 'error', text: error.message }),
      },
    );
  }

  return (
    <li className="flex items-center justify-between gap-3 p-3 sm:gap-4 sm:p-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar name={person.fullName || person.username} src={person.profilePictureUrl} size="md" />
        <div className="min-w-0">
          <Link
            to={paths.userProfile.getHref(person.username)}
            className="block min-w-0 rounded hover:underline focus-visible:outline-2"
          >
            <span className="block font-semibold break-words text-slate-900 dark:text-white">
              {person.fullName || person.username}
            </span>
            <span className="block text-sm break-all text-slate-600 dark:text-slate-400">
              @{person.username}
            </span>
          </Link>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {words.since} <time dateTime={person.since}>{since}</time>
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={() => void undo()}
        disabled={change.isPending}
        aria-label={`${words.undo} @${person.username}`}
        className={composeButtonClasses({ variant: 'secondary', size: 'sm', className: 'shrink-0' })}
      >
        {change.isPending ? words.undoing : words.undo}
      </button>
    </li>
  );
}
