import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { CAMPUS_NAMES, INSTITUTIONS, type Institution } from '../../../shared/institutions';
import { CLASS_MESSAGES, CLASS_SEARCH_MAX_LENGTH, classYearOf } from '../../../shared/values/yearbook';
import type { ClassPage } from '../../../shared/yearbook';
import { DocumentTitle } from '../../components/document-title';
import { Icon } from '../../components/icons/icon';
import { composeButtonClasses } from '../../components/ui/control-classes';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { LoadingStatus } from '../../components/ui/loading-status';
import { inputClasses } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth';
import { ClassSuperlatives } from '../../features/superlatives/components/class-superlatives';
import { classQueryOptions } from '../../features/yearbook/api/class-api';
import { ClassmateCard } from '../../features/yearbook/components/classmate-card';
import { ApiError } from '../../lib/api-client';
import { useNotFoundStatus } from '../../lib/redirect';
import { Link, useParams, useSearchParams } from '../../lib/router';
import { useForm } from '../../lib/use-form';
import { readClassView } from '../route-params';

// /class/{year} (issue #52): the yearbook's class page. A tab per campus (links: ?campus=, each with
// its count), a search within the class (a GET form, so it works before the app does: ?q=), and the
// members by name in a grid, a page at a time ("Show more": a tap before the app is live is kept and
// made once it is, decision 022). The address holds the tab and the search, so both survive a reload
// and the server draws the page as it will look. Above the members, the tab's superlatives (issue #52),
// unless the page is a search. Staff see "Class book" (issue #52): the tab's book.
export function ClassRoute() {
  const { year: yearText = '' } = useParams();
  const year = classYearOf(yearText);
  const [params, setParams] = useSearchParams();
  const { campus: asked, query } = readClassView(params);
  const list = useInfiniteQuery({ ...classQueryOptions(yearText, asked, query), enabled: year !== null });
  const notFound = year === null || (list.error instanceof ApiError && list.error.status === 404);
  useNotFoundStatus(notFound);

  const first = list.data?.pages[0];
  const campus = first?.campus ?? asked;
  const form = useForm<{ text: string }>({ initial: { text: query } });
  const { error: _none, ...text } = form.field('text');
  const inputId = useId();
  // Staff make the class's book (issue #52), as the session's permissions say.
  const makesBooks = useSession().data?.profile?.permissions?.makeClassBooks === true;

  // Back and forward move through searches: the field follows the address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is what moves it; reset only sets state.
  useEffect(() => {
    form.reset({ text: query });
  }, [query]);

  const submit = form.handleSubmit(({ text: typed }) => {
    const next = new URLSearchParams();
    if (campus) next.set('campus', campus);
    if (typed.trim()) next.set('q', typed.trim());
    setParams(next);
  });

  const title = year === null ? 'Class not found' : `Class of ${year}`;
  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title={title} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {makesBooks && year !== null && !notFound ? (
          <Link
            to={paths.classBook.getHref(year, campus ?? undefined)}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Icon name="book-open" className="size-4" />
            Class book
          </Link>
        ) : null}
      </div>
      {year === null || notFound ? (
        <p role="alert" className="mt-4 font-medium text-slate-700 dark:text-slate-200">
          {CLASS_MESSAGES.noSuchClass}
        </p>
      ) : (
        <>
          <CampusTabs year={year} campus={campus} query={query} counts={first?.counts ?? null} />
          <search className="mt-4">
            {/* A real GET form: before the app takes over, the browser sends it and the server draws the result. */}
            <form
              method="get"
              action={paths.class.getHref(year)}
              onSubmit={(event) => void submit(event)}
              aria-label={`Search the class of ${year}`}
              className="flex gap-2"
            >
              {campus ? <input type="hidden" name="campus" value={campus} /> : null}
              <label htmlFor={inputId} className="sr-only">
                Search by name or username
              </label>
              <input
                id={inputId}
                type="search"
                {...text}
                name="q"
                maxLength={CLASS_SEARCH_MAX_LENGTH}
                placeholder="Name or username"
                className={`${inputClasses} min-w-0 flex-1`}
              />
              <button type="submit" className={composeButtonClasses()}>
                <Icon name="search" className="size-4" />
                Search
              </button>
            </form>
          </search>
          {query ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              Showing members matching “{query}”.{' '}
              <Link
                to={paths.class.getHref(year, campus ?? undefined)}
                className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300"
              >
                Clear search
              </Link>
            </p>
          ) : null}
          {first?.viewerHidden ? (
            <p className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-200">
              {CLASS_MESSAGES.youAreHidden}{' '}
              <Link
                to={paths.editProfile.getHref()}
                className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
              >
                Edit profile
              </Link>
            </p>
          ) : null}
          {/* Superlatives (issue #52): the tab's campus; asked as the list is, by the address's campus. */}
          {!query ? <ClassSuperlatives year={yearText} campus={asked} /> : null}
          <Members list={list} year={year} campus={campus} query={query} />
        </>
      )}
    </div>
  );
}

/** The two campuses' tabs: links to the same class and search on the other campus, with their counts. */
function CampusTabs({
  year,
  campus,
  query,
  counts,
}: {
  year: number;
  campus: Institution | null;
  query: string;
  counts: ClassPage['counts'];
}) {
  return (
    <nav aria-label="Campuses" className="mt-4">
      <ul className="flex w-full rounded-xl bg-slate-100 p-1 sm:inline-flex sm:w-auto dark:bg-slate-800">
        {INSTITUTIONS.map((option) => (
          <li key={option} className="flex-1 sm:flex-none">
            <Link
              to={`${paths.class.getHref(year, option)}${query ? `&q=${encodeURIComponent(query)}` : ''}`}
              replace
              aria-current={option === campus ? 'page' : undefined}
              className="flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm dark:text-slate-300 dark:hover:text-white dark:aria-[current=page]:bg-slate-900 dark:aria-[current=page]:text-white"
            >
              {CAMPUS_NAMES[option]}
              {counts ? (
                <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs tabular-nums text-slate-700 dark:bg-slate-700 dark:text-slate-200">
                  {counts[option]}
                  <span className="sr-only">{counts[option] === 1 ? ' member' : ' members'}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Members({
  list,
  year,
  campus,
  query,
}: {
  list: UseInfiniteQueryResult<InfiniteData<ClassPage>>;
  year: number;
  campus: Institution | null;
  query: string;
}) {
  const members = list.data?.pages.flatMap((page) => page.members) ?? [];
  if (list.isPending) return <LoadingStatus className="mt-6">Loading the class...</LoadingStatus>;
  if (list.isError) {
    return (
      <div className="mt-6">
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {list.error instanceof ApiError && list.error.status < 500
            ? list.error.message
            : CLASS_MESSAGES.failed}
        </p>
        <button
          type="button"
          onClick={() => void list.refetch()}
          className={composeButtonClasses({ variant: 'secondary', className: 'mt-3' })}
        >
          Try Again
        </button>
      </div>
    );
  }
  if (members.length === 0) {
    return (
      <p className="mt-6 rounded-2xl border border-dashed border-slate-300 p-6 text-center text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {query ? CLASS_MESSAGES.noMatches(query) : CLASS_MESSAGES.empty(campus ?? 'VITC', year)}
      </p>
    );
  }
  return (
    <section aria-label={`Members at ${campus ? CAMPUS_NAMES[campus] : 'this campus'}`} className="mt-6">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {members.map((member) => (
          <li key={member.username}>
            <ClassmateCard member={member} />
          </li>
        ))}
      </ul>
      <LoadMoreButton list={list} label="Show more" className="mt-6" />
    </section>
  );
}
