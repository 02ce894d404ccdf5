// The viewer's personal controls on the client (issue #48, decision 032), for the controls page: the
// lists of whom they blocked or muted, the posts they hid and their muted words, and the muted words'
// changes. Blocking, muting and Undo on a hidden post are shared with the post card's menu
// (lib/personal-controls.ts).
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  ControlledPeoplePage,
  HiddenPostsPage,
  MuteDuration,
  MutedWord,
  MutedWordList,
} from '../../../../shared/personal-controls';
import { apiRequest } from '../../../lib/api-client';
import { afterMutedWords, PEOPLE_CONTROL_PATHS, type PeopleControl } from '../../../lib/personal-controls';
import { screenKeys } from '../../../lib/screen-keys';

export { type PeopleControl, useSetPeopleControl, useUnhidePost } from '../../../lib/personal-controls';

const pageQuery = (cursor: string | null) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');

/** The people the viewer blocked or muted, newest first, with how many of the cap are used. */
export const controlledPeopleQueryOptions = (control: PeopleControl) =>
  infiniteQueryOptions({
    queryKey: screenKeys.controls.people(control),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ControlledPeoplePage>(`${PEOPLE_CONTROL_PATHS[control]}${pageQuery(pageParam)}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });

/** The posts the viewer hid ("Not for me", "Mute this author"), newest first. */
export const hiddenPostsQueryOptions = infiniteQueryOptions({
  queryKey: screenKeys.controls.hiddenPosts,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    apiRequest<HiddenPostsPage>(`/api/controls/hidden-posts${pageQuery(pageParam)}`, { signal }),
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

/** The viewer's muted words acting now (expired ones are gone), newest first. */
export const mutedWordsQueryOptions = queryOptions({
  queryKey: screenKeys.controls.mutedWords,
  queryFn: ({ signal }) => apiRequest<MutedWordList>('/api/controls/muted-words', { signal }),
  staleTime: 0,
});

/** Mute a word or phrase for a while or always; the lists that obey muted words are asked again. */
export function useAddMutedWord() {
  return useMutation({
    mutationFn: (word: { phrase: string; duration: MuteDuration }) =>
      apiRequest<MutedWord>('/api/controls/muted-words', { method: 'POST', body: word }),
    onSuccess: afterMutedWords,
  });
}

export function useRemoveMutedWord() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/controls/muted-words/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: afterMutedWords,
  });
}
