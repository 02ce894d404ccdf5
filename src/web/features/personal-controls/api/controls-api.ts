// The viewer's personal controls on the client (issue #48, decision 032): the lists of whom they blocked
// or muted, the posts they hid and their muted words, and the changes to each. What a change does to the
// screens already drawn: a block or a mute asks again for every list of posts and that person's profile
// (the server decides what leaves them); hiding a post takes it out of the lists that obey hidden posts
// (the feed, askline pages, search) at once and marks it hidden where it stays (its own page, a
// profile), and Undo asks those lists again.
import { type InfiniteData, infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  ControlledPeoplePage,
  ControlledPerson,
  HiddenPostAnswer,
  HiddenPostsPage,
  HideReason,
  MuteDuration,
  MutedWord,
  MutedWordList,
} from '../../../../shared/personal-controls';
import type { Post } from '../../../../shared/posts';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export type PeopleControl = 'block' | 'mute';

const PEOPLE_PATHS: Record<PeopleControl, string> = {
  block: '/api/controls/blocks',
  mute: '/api/controls/mutes',
};

const pageQuery = (cursor: string | null) => (cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');

/** The people the viewer blocked or muted, newest first, with how many of the cap are used. */
export const controlledPeopleQueryOptions = (control: PeopleControl) =>
  infiniteQueryOptions({
    queryKey: queryKeys.controls.people(control),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ControlledPeoplePage>(`${PEOPLE_PATHS[control]}${pageQuery(pageParam)}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });

/** The posts the viewer hid ("Not for me", "Mute this author"), newest first. */
export const hiddenPostsQueryOptions = infiniteQueryOptions({
  queryKey: queryKeys.controls.hiddenPosts,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    apiRequest<HiddenPostsPage>(`/api/controls/hidden-posts${pageQuery(pageParam)}`, { signal }),
  getNextPageParam: (page) => page.nextCursor,
  staleTime: 0,
});

/** The viewer's muted words acting now (expired ones are gone), newest first. */
export const mutedWordsQueryOptions = queryOptions({
  queryKey: queryKeys.controls.mutedWords,
  queryFn: ({ signal }) => apiRequest<MutedWordList>('/api/controls/muted-words', { signal }),
  staleTime: 0,
});

/** Every list of posts and the notifications: what a block, a mute or a muted word changes. */
function askListsAgain() {
  void queryClient.invalidateQueries({ queryKey: queryKeys.postLists.all });
  void queryClient.invalidateQueries({ queryKey: queryKeys.notifications('list') });
}

/** Block or mute (`on`), or undo it, by username. */
export function useSetPeopleControl() {
  return useMutation({
    mutationFn: ({ control, username, on }: { control: PeopleControl; username: string; on: boolean }) =>
      on
        ? apiRequest<ControlledPerson>(PEOPLE_PATHS[control], { method: 'POST', body: { username } })
        : apiRequest(`${PEOPLE_PATHS[control]}/${encodeURIComponent(username)}`, { method: 'DELETE' }),
    onSuccess: (_, { control, username }) => {
      askListsAgain();
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.one(username) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.controls.people(control) });
      // A block hides the person's named posts on their own pages too.
      if (control === 'block') void queryClient.invalidateQueries({ queryKey: queryKeys.post.all });
    },
  });
}

/** The lists that leave hidden posts out, as the server's do (decision 032: not a profile's). */
const obeysHiddenPosts = (key: readonly unknown[]) => key[1] !== 'profile';

function markHidden(id: string, hidden: boolean) {
  const mark = (post: Post): Post =>
    post.id === id ? { ...post, viewer: { ...post.viewer, hidden } } : post;
  queryClient.setQueriesData<InfiniteData<{ posts: Post[] }>>(
    { queryKey: queryKeys.postLists.all },
    (data) => {
      if (!data) return data;
      return {
        ...data,
        pages: data.pages.map((page) => ({ ...page, posts: page.posts.map(mark) })),
      };
    },
  );
  queryClient.setQueriesData<Post>({ queryKey: queryKeys.post.byId(id) }, (post) =>
    post ? mark(post) : post,
  );
}

/**
 * Takes a hidden post off the screens that leave hidden posts out, and marks it hidden where it stays
 * (its own page, a profile). Called once "Dislike" has shown its second.
 */
export function showPostHidden(id: string) {
  markHidden(id, true);
  queryClient.setQueriesData<InfiniteData<{ posts: Post[] }>>(
    { queryKey: queryKeys.postLists.all, predicate: (query) => obeysHiddenPosts(query.queryKey) },
    (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              posts: page.posts.filter((post) => post.id !== id),
            })),
          }
        : data,
  );
}

/** Hide a post: "Not for me", or "Mute this author" on an anonymous one (that post alone). */
export function useHidePost() {
  return useMutation({
    mutationFn: ({ postId, reason }: { postId: string; reason: HideReason }) =>
      apiRequest<HiddenPostAnswer>('/api/controls/hidden-posts', {
        method: 'POST',
        body: { postId, reason },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.controls.hiddenPosts }),
  });
}

/** Undo a hidden post: it comes back where the lists put it. */
export function useUnhidePost() {
  return useMutation({
    mutationFn: (postId: string) =>
      apiRequest(`/api/controls/hidden-posts/${encodeURIComponent(postId)}`, { method: 'DELETE' }),
    onSuccess: (_, postId) => {
      markHidden(postId, false);
      void queryClient.invalidateQueries({
        queryKey: queryKeys.postLists.all,
        predicate: (query) => obeysHiddenPosts(query.queryKey),
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.controls.hiddenPosts });
    },
  });
}

/** Mute a word or phrase for a while or always; the lists that obey muted words are asked again. */
export function useAddMutedWord() {
  return useMutation({
    mutationFn: (word: { phrase: string; duration: MuteDuration }) =>
      apiRequest<MutedWord>('/api/controls/muted-words', { method: 'POST', body: word }),
    onSuccess: () => {
      askListsAgain();
      void queryClient.invalidateQueries({ queryKey: queryKeys.controls.mutedWords });
    },
  });
}

export function useRemoveMutedWord() {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/controls/muted-words/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => {
      askListsAgain();
      void queryClient.invalidateQueries({ queryKey: queryKeys.controls.mutedWords });
    },
  });
}
