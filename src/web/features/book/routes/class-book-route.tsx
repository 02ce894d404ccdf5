import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { ClassBook } from '../../../../shared/book';
import { CAMPUS_NAMES, INSTITUTIONS, type Institution } from '../../../../shared/institutions';
import { BOOK_LIMITS, BOOK_MESSAGES, type BookPaper } from '../../../../shared/values/book';
import { CLASS_MESSAGES, classYearOf } from '../../../../shared/values/yearbook';
import { Avatar } from '../../../components/avatar';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { paths } from '../../../config/paths';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { useNotFoundStatus } from '../../../lib/redirect';
import { Link, useParams, useSearchParams } from '../../../lib/router';
import { classBookQueryOptions, isBeingMade, useMakeClassBook } from '../api/book-api';
import { BookStatus } from '../components/book-status';
import { PaperChoice } from '../components/paper-choice';

/** The campus `?campus=` names, or null (the viewer's own, which the server picks). */
function readBookCampus(params: URLSearchParams): Institution | null {
  const campus = params.get('campus');
  return INSTITUTIONS.find((one) => one === campus) ?? null;
}

// /class/{year}/book?campus= (issue #52), for staff: a class's book as a PDF. First the check: how many
// members it prints (twelve to a page) and which of them have no photo (each linked to their profile,
// where they can be asked to add one), or that every member has one; then the paper and "Make the
// class book" ("Make it anyway" while some lack a photo), the book being made, and Download. The
// campus is a link, as on the class page. Drawn by the server with the check (app/page-data.ts).
export function ClassBookRoute() {
  const { year: yearText = '' } = useParams();
  const year = classYearOf(yearText);
  const [params] = useSearchParams();
  const asked = readBookCampus(params);
  const check = useQuery({ ...classBookQueryOptions(yearText, asked), enabled: year !== null });
  const notFound = year === null || (check.error instanceof ApiError && check.error.status === 404);
  useNotFoundStatus(notFound);
  const campus = check.data?.campus ?? asked;
  const title = year === null ? 'Class not found' : `Class of ${year} book`;

  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-10">
      <DocumentTitle title={title} />
      {year !== null ? (
        <Link
          to={paths.class.getHref(year, campus ?? undefined)}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          <Icon name="arrow-left" className="size-4" />
          Class of {year}
        </Link>
      ) : null}
      <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      {year === null || notFound ? (
        <p role="alert" className="mt-4 font-medium text-slate-700 dark:text-slate-200">
          {CLASS_MESSAGES.noSuchClass}
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            The class’s book as a PDF: a cover, every member with their photo, the superlatives, and the
            year’s asklines with a few of the class’s answers. Anonymous answers are printed only where their
            authors chose so, and never with a name.
          </p>
          <CampusLinks year={year} campus={campus} />
          {check.data ? (
            // Keyed by the campus: the other campus's book starts with its own choices.
            <ClassBookForm key={check.data.campus} year={yearText} book={check.data} />
          ) : check.isError ? (
            <LoadError
              className="mt-6"
              message={failureMessage(check.error, BOOK_MESSAGES.signedOut)}
              onRetry={() => void check.refetch()}
            />
          ) : (
            <LoadingStatus className="mt-6">Checking the class...</LoadingStatus>
          )}
        </>
      )}
    </div>
  );
}

/** The campus whose book this is, with the other one's a link away. */
function CampusLinks({ year, campus }: { year: number; campus: Institution | null }) {
  return (
    <nav aria-label="Campuses" className="mt-4">
      <ul className="flex w-full rounded-xl bg-slate-100 p-1 sm:inline-flex sm:w-auto dark:bg-slate-800">
        {INSTITUTIONS.map((option) => (
          <li key={option} className="flex-1 sm:flex-none">
            <Link
              to={paths.classBook.getHref(year, option)}
              replace
              aria-current={option === campus ? 'page' : undefined}
              className="flex items-center justify-center rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 aria-[current=page]:bg-white aria-[current=page]:text-slate-900 aria-[current=page]:shadow-sm dark:text-slate-300 dark:hover:text-white dark:aria-[current=page]:bg-slate-900 dark:aria-[current=page]:text-white"
            >
              {CAMPUS_NAMES[option]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ClassBookForm({ year, book }: { year: string; book: ClassBook }) {
  const make = useMakeClassBook(year);
  const [paper, setPaper] = useState<BookPaper>(book.latest?.paper ?? 'A4');
  const [problem, setProblem] = useState<string | null>(null);
  const statusId = useId();
  const latest = book.latest;
  const busy = make.isPending || isBeingMade(latest);
  const missing = book.withoutPhoto.length;
  const memberPages = Math.ceil(book.memberCount / BOOK_LIMITS.membersPerPage);

  function makeIt(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    setProblem(null);
    make.mutate(
      { campus: book.campus, paper },
      {
        onSuccess: () => requestAnimationFrame(() => document.getElementById(statusId)?.focus()),
        onError: (error) => setProblem(failureMessage(error, BOOK_MESSAGES.signedOut)),
      },
    );
  }

  return (
    <>
      <div id={statusId} tabIndex={-1} className="outline-none">
        {latest ? (
          <BookStatus
            job={latest}
            title="the class book"
            onRetry={() => makeIt()}
            retryPending={make.isPending}
          />
        ) : null}
      </div>
      <section aria-labelledby={`${statusId}-check`} className="mt-8">
        <h2 id={`${statusId}-check`} className="text-lg font-semibold text-slate-900 dark:text-white">
          Before you make it
        </h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          {book.memberCount === 1 ? '1 member' : `${book.memberCount} members`} of {CAMPUS_NAMES[book.campus]}{' '}
          {memberPages === 1 ? 'on 1 page' : `on ${memberPages} pages`}, {BOOK_LIMITS.membersPerPage} to a
          page. Members hidden from the class page are left out.
        </p>
        {missing === 0 ? (
          <p className="mt-3 flex items-center gap-2 font-medium text-emerald-800 dark:text-emerald-300">
            <Icon name="circle-check" className="size-5 shrink-0" />
            {BOOK_MESSAGES.everyoneHasPhoto}
          </p>
        ) : (
          <div className="mt-4 rounded-2xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950/40">
            <h3 className="flex items-center gap-2 font-semibold text-amber-950 dark:text-amber-100">
              <Icon name="camera" className="size-5 shrink-0" />
              {missing === 1 ? '1 member has no photo' : `${missing} members have no photo`}
            </h3>
            <p className="mt-1 text-sm text-amber-950 dark:text-amber-100">
              Their initials are printed instead. You can ask them to add one, or make the book anyway.
            </p>
            <ul aria-label="Members without a photo" className="mt-3 grid gap-2 sm:grid-cols-2">
              {book.withoutPhoto.map((member) => (
                <li key={member.username}>
                  <Link
                    to={paths.userProfile.getHref(member.username)}
                    className="flex items-center gap-3 rounded-xl bg-white p-2 hover:bg-amber-100 dark:bg-slate-900 dark:hover:bg-slate-800"
                  >
                    <Avatar name={member.fullName} size="sm" tone="neutral" />
                    <span className="min-w-0 text-sm">
                      <span className="block truncate font-medium text-slate-900 dark:text-white">
                        {member.fullName}
                      </span>
                      <span className="block truncate text-slate-600 dark:text-slate-300">
                        @{member.username}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
      <form onSubmit={makeIt} aria-label="Make the class book">
        <PaperChoice value={paper} onChange={setPaper} />
        <FormOutcome outcome={problem ? { tone: 'error', text: problem } : null} className="mt-6" />
        <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2">
          <button type="submit" disabled={busy} className={composeButtonClasses({ size: 'lg' })}>
            <Icon name="book-open" className="size-5" />
            {make.isPending ? 'Asking...' : missing > 0 ? 'Make it anyway' : 'Make the class book'}
          </button>
          {isBeingMade(latest) ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              This book is being made: you can make another once it is done.
            </p>
          ) : null}
        </div>
      </form>
    </>
  );
}
