// The personal controls (issue #48, decision 032) that two features make: the post card's menu
// (features/posts: mute or block the author, hide the post, and Undo) and the controls page
// (features/personal-controls: the lists, and undoing from them). Here are the changes both make and
// what each does to the screens already drawn: the server decides what each list leaves out, and these
// keep the cache in step with it until the lists are asked again.
import { type InfiniteData, useMutation } from '@tanstack/react-query';
import type { ControlledPerson } from '../../shared/personal-controls';
import type { Post } from '../../shared/posts';
import { CONTROL_MESSAGES } from '../../shared/values/personal-controls';
import { announce } from '../components/ui/announcer';
import { confirmAction } from '../components/ui/confirm-dialog';
import { apiRequest, refusalMessage } from './api-client';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { screenKeys } from './screen-keys';

/** Every list of posts and the notifications: what a block, a mute or a muted word changes. */
function askListsAgain() {
  void queryClient.invalidateQueries({ queryKey: queryKeys.postLists.all });
  void queryClient.invalidateQueries({ queryKey: screenKeys.notifications('list') });
}

export type PeopleControl = 'block' | 'mute';

export const PEOPLE_CONTROL_PATHS: Record<PeopleControl, string> = {
  block: '/api/controls/blocks',
  mute: '/api/controls/mutes',
};

/** After a block or a mute of `username` (or its undoing): the lists, their profile, the controls page. */
function afterPeopleControl(control: 'block' | 'mute', username: string) {
  askListsAgain();
  void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.one(username) });
  void queryClient.invalidateQueries({ queryKey: screenKeys.controls.people(control) });
  // A block hides the person's named posts on their own pages too.
  if (control === 'block') {
    void queryClient.invalidateQueries({ queryKey: queryKeys.post.all });
    // Class pages list and count only people with no block between them and the viewer (issue #52).
    void queryClient.invalidateQueries({ queryKey: screenKeys.classes.all });
  }
}

/** After a muted word is added or removed. */
export function afterMutedWords() {
  askListsAgain();
  void queryClient.invalidateQueries({ queryKey: screenKeys.controls.mutedWords });
}

/** The lists that leave hidden posts out, as the server's do (decision 032: a profile's does not). */
const obeysHiddenPosts = (key: readonly unknown[]) => key[1] !== 'profile';

function markHidden(id: string, hidden: boolean) {
  const mark = (post: Post): Post =>
    post.id === id ? { ...post, viewer: { ...post.viewer, hidden } } : post;
  queryClient.setQueriesData<InfiniteData<{ posts: Post[] }>>(
    { queryKey: queryKeys.postLists.all },
    (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, posts: page.posts.map(mark) })) } : data,
  );
  queryClient.setQueriesData<Post>({ queryKey: queryKeys.post.byId(id) }, (post) =>
    post ? mark(post) : post,
  );
}

/**
 * A post hidden ("Not for me", "Mute this author"): off the lists that leave hidden posts out (the feed,
 * askline pages, search), marked hidden where it stays (its own page, a profile).
 */
export function afterPostHidden(id: string) {
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
  void queryClient.invalidateQueries({ queryKey: screenKeys.controls.hiddenPosts });
}

/** A hidden post shown again (Undo): the lists that left it out are asked again, and put it back in place. */
function afterPostUnhidden(id: string) {
  markHidden(id, false);
  void queryClient.invalidateQueries({
    queryKey: queryKeys.postLists.all,
    predicate: (query) => obeysHiddenPosts(query.queryKey),
  });
  void queryClient.invalidateQueries({ queryKey: screenKeys.controls.hiddenPosts });
}

/** Block or mute (`on`) a person by username, or undo it. */
export function useSetPeopleControl() {
  return useMutation({
    mutationFn: ({ control, username, on }: { control: PeopleControl; username: string; on: boolean }) =>
      on
        ? apiRequest<ControlledPerson>(PEOPLE_CONTROL_PATHS[control], { method: 'POST', body: { username } })
        : apiRequest(`${PEOPLE_CONTROL_PATHS[control]}/${encodeURIComponent(username)}`, {
            method: 'DELETE',
          }),
    onSuccess: (_, { control, username }) => afterPeopleControl(control, username),
  });
}

/** Show a hidden post again (Undo): it comes back where the lists put it. */
export function useUnhidePost() {
  return useMutation({
    mutationFn: (postId: string) =>
      apiRequest(`/api/controls/hidden-posts/${encodeURIComponent(postId)}`, { method: 'DELETE' }),
    onSuccess: (_, postId) => afterPostUnhidden(postId),
  });
}

/**
 * Block, mute or undo either, as a person does it (a post card's menu, a profile's): a new block asks
 * first; each says how it went, a new one with Undo.
 */
export function usePeopleControlAction() {
  const setControl = useSetPeopleControl();
  const undo = (control: PeopleControl, username: string) =>
    setControl.mutate(
      { control, username, on: false },
      { onError: (error) => announce(refusalMessage(error, CONTROL_MESSAGES.undoFailed)) },
    );
  return async (control: PeopleControl, username: string, on: boolean) => {
    if (control === 'block' && on) {
      const confirmed = await confirmAction({
        title: CONTROL_MESSAGES.blockQuestion(username),
        message: CONTROL_MESSAGES.blockExplained,
        confirmLabel: 'Block',
        destructive: true,
      });
      if (!confirmed) return;
    }
    setControl.mutate(
      { control, username, on },
      {
        onSuccess: () => {
          if (!on) announce(CONTROL_MESSAGES.undone(control, username), 'info');
          else
            announce(
              control === 'block'
                ? CONTROL_MESSAGES.blockedDone(username)
                : CONTROL_MESSAGES.mutedDone(username),
              'info',
              { label: 'Undo', onSelect: () => undo(control, username) },
            );
        },
        onError: (error) => announce(refusalMessage(error, CONTROL_MESSAGES.controlFailed)),
      },
    );
  };
}
