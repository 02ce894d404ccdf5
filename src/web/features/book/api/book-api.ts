// The book on the client (issue #52, decision 041): one's page (the latest job and the posts it chose,
// and one's named posts to choose from) and a class's book for staff (the check and its latest job).
// Making either answers at once with the queued job; while it is made the screen asks for that job
// every BOOK_POLL_MS and writes each answer into the screen's own answer, so there is one copy of it.
import { infiniteQueryOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  BookJob,
  BookPostPage,
  ClassBook,
  MakeClassBookRequest,
  MakeMyBookRequest,
  MyBook,
} from '../../../../shared/book';
import type { Institution } from '../../../../shared/institutions';
import { BOOK_POLL_MS } from '../../../../shared/values/book';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { screenKeys } from '../../../lib/screen-keys';

/** Queued or being made: the screen keeps asking. */
export const isBeingMade = (job: BookJob | null | undefined): boolean =>
  job?.status === 'queued' || job?.status === 'making';

/** One's latest page job, and the posts it chose (to preselect them). */
export const myBookQueryOptions = queryOptions({
  queryKey: screenKeys.book.mine,
  queryFn: ({ signal }) => apiRequest<MyBook>('/api/me/book', { signal }),
});

/** One's own named live posts, newest first, a page at a time. */
export const bookPostsQueryOptions = infiniteQueryOptions({
  queryKey: screenKeys.book.posts,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    apiRequest<BookPostPage>(
      pageParam ? `/api/me/book/posts?cursor=${encodeURIComponent(pageParam)}` : '/api/me/book/posts',
      { signal },
    ),
  getNextPageParam: (page) => page.nextCursor,
});

const classBookPath = (year: string) => `/api/classes/${encodeURIComponent(year)}/book`;

/** Staff: a class's book of one campus (null: the viewer's own): the check and the latest job. */
export const classBookQueryOptions = (year: string, campus: Institution | null) =>
  queryOptions({
    queryKey: screenKeys.book.classBook(year, campus),
    queryFn: ({ signal }) =>
      apiRequest<ClassBook>(campus ? `${classBookPath(year)}?campus=${campus}` : classBookPath(year), {
        signal,
      }),
  });

/** `job` as the latest of one's page. */
function setMyLatest(job: BookJob, chosenPostIds?: string[]) {
  queryClient.setQueryData<MyBook>(screenKeys.book.mine, (book) =>
    book || chosenPostIds ? { latest: job, chosenPostIds: chosenPostIds ?? book?.chosenPostIds ?? [] } : book,
  );
}

/** `job` as the latest book of its class, under every key that class's campus is held by. */
function setClassLatest(job: BookJob) {
  queryClient.setQueriesData<ClassBook>({ queryKey: screenKeys.book.classBooks }, (book) =>
    book && book.year === job.year && book.campus === job.campus ? { ...book, latest: job } : book,
  );
}

/**
 * While `job` is being made, asks for it every BOOK_POLL_MS and puts each answer where the screen
 * reads it (its page's or its class's answer); stops once it is made or failed.
 */
export function useBookJobProgress(job: BookJob | null | undefined) {
  const id = job?.id ?? '';
  useQuery({
    queryKey: screenKeys.book.job(id),
    queryFn: async ({ signal }) => {
      const now = await apiRequest<BookJob>(`/api/books/${encodeURIComponent(id)}`, { signal });
      if (now.kind === 'page') setMyLatest(now);
      else setClassLatest(now);
      return now;
    },
    enabled: isBeingMade(job),
    refetchInterval: BOOK_POLL_MS,
    // Asked at once whenever the screen shows it again: what is on screen may be minutes old.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Make my page: the job, queued, is at once the latest, with the posts it chose. */
export function useMakeMyBook() {
  return useMutation({
    mutationFn: (request: MakeMyBookRequest) =>
      apiRequest<BookJob>('/api/me/book', { method: 'POST', body: request }),
    onSuccess: (job, request) => setMyLatest(job, request.postIds),
    // One in flight already (409): the screen shows that one.
    onError: () => void queryClient.invalidateQueries({ queryKey: screenKeys.book.mine }),
  });
}

/** Staff: make a class's book. */
export function useMakeClassBook(year: string) {
  return useMutation({
    mutationFn: (request: MakeClassBookRequest) =>
      apiRequest<BookJob>(classBookPath(year), { method: 'POST', body: request }),
    onSuccess: setClassLatest,
    onError: () => void queryClient.invalidateQueries({ queryKey: screenKeys.book.classYear(year) }),
  });
}
