// Superlatives on the client (issue #52, decision 042): a class's round as the viewer may see it, the
// classmates one may nominate, and the changes (staff's: start a round, add, approve and remove
// categories, move the phase or the results date; a member's: nominate, withdraw, vote). Every change
// asks for the round again: what each viewer may see of it (the ballot, the winners, the counts for
// staff) is the server's to say.
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type { Institution } from '../../../../shared/institutions';
import type {
  ClassSuperlatives,
  CreateCategoryRequest,
  CreateRoundRequest,
  MyNomination,
  MyVote,
  NomineePage,
  SuperlativeCategory,
  SuperlativeRound,
  UpdateRoundRequest,
} from '../../../../shared/superlatives';
import { SUPERLATIVE_API } from '../../../../shared/values/superlatives';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { screenKeys } from '../../../lib/screen-keys';

function withSearch(path: string, entries: Record<string, string | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(entries)) if (value) params.set(name, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A class's round for the viewer: `year` a class's year (shared/values/yearbook.ts `classYearOf`),
 * `campus` null for the viewer's own (as the class page asks).
 */
export const classSuperlativesQueryOptions = (year: string, campus: Institution | null) =>
  queryOptions({
    queryKey: screenKeys.superlatives.round(year, campus),
    queryFn: ({ signal }) =>
      apiRequest<ClassSuperlatives>(withSearch(SUPERLATIVE_API.class(Number(year)), { campus }), { signal }),
  });

/** The classmates one may nominate, matching `query`, a page at a time. */
export const nomineesQueryOptions = (year: string, campus: Institution, query: string) =>
  infiniteQueryOptions({
    queryKey: screenKeys.superlatives.nominees(year, campus, query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<NomineePage>(
        withSearch(SUPERLATIVE_API.nominees(Number(year)), {
          campus,
          q: query,
          cursor: pageParam,
        }),
        { signal },
      ),
    getNextPageParam: (page) => page.nextCursor,
  });

/** After any change: the round (and the picker's list, which a nomination does not change, stays). */
function askAgain() {
  return queryClient.invalidateQueries({ queryKey: ['superlatives', 'round'] });
}

export function useStartRound(year: string) {
  return useMutation({
    mutationFn: (request: CreateRoundRequest) =>
      apiRequest<SuperlativeRound>(SUPERLATIVE_API.class(Number(year)), { method: 'POST', body: request }),
    onSettled: askAgain,
  });
}

export function useUpdateRound(roundId: string) {
  return useMutation({
    mutationFn: (request: UpdateRoundRequest) =>
      apiRequest<SuperlativeRound>(SUPERLATIVE_API.round(roundId), { method: 'PATCH', body: request }),
    onSettled: askAgain,
  });
}

export function useDeleteRound(roundId: string) {
  return useMutation({
    mutationFn: () => apiRequest<void>(SUPERLATIVE_API.round(roundId), { method: 'DELETE' }),
    onSettled: askAgain,
  });
}

export function useAddCategory(roundId: string) {
  return useMutation({
    mutationFn: (request: CreateCategoryRequest) =>
      apiRequest<SuperlativeCategory>(SUPERLATIVE_API.categories(roundId), { method: 'POST', body: request }),
    onSettled: askAgain,
  });
}

export function useApproveCategory() {
  return useMutation({
    mutationFn: (categoryId: string) =>
      apiRequest<void>(SUPERLATIVE_API.approval(categoryId), { method: 'POST' }),
    onSettled: askAgain,
  });
}

export function useRemoveCategory() {
  return useMutation({
    mutationFn: (categoryId: string) =>
      apiRequest<void>(SUPERLATIVE_API.category(categoryId), { method: 'DELETE' }),
    onSettled: askAgain,
  });
}

export function useNominate(categoryId: string) {
  return useMutation({
    mutationFn: (username: string) =>
      apiRequest<MyNomination>(SUPERLATIVE_API.nomination(categoryId), {
        method: 'PUT',
        body: { username },
      }),
    // Shown at once (the picker closes onto it), then asked again.
    onSuccess: ({ myNomination }) =>
      queryClient.setQueriesData<ClassSuperlatives>({ queryKey: ['superlatives', 'round'] }, (answer) =>
        answer?.round
          ? {
              ...answer,
              round: {
                ...answer.round,
                categories: answer.round.categories.map((category) =>
                  category.id === categoryId ? { ...category, myNomination } : category,
                ),
              },
            }
          : answer,
      ),
    onSettled: askAgain,
  });
}

export function useWithdrawNomination(categoryId: string) {
  return useMutation({
    mutationFn: () => apiRequest<void>(SUPERLATIVE_API.nomination(categoryId), { method: 'DELETE' }),
    onSettled: askAgain,
  });
}

export function useVote(categoryId: string) {
  return useMutation({
    mutationFn: (username: string) =>
      apiRequest<MyVote>(SUPERLATIVE_API.vote(categoryId), { method: 'POST', body: { username } }),
    onSettled: askAgain,
  });
}
