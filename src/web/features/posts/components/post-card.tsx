import { type ReactNode, Suspense } from 'react';
import type { Post } from '../../../../shared/posts';
import { postShareUrl, SHARE_LINK_MESSAGES } from '../../../../shared/share-links';
import { copyText } from '../../../lib/copy-text';
import { lazyPage, usePreloadModule } from '../../../lib/lazy-page';
import { useTransientState } from '../../../lib/use-transient-state';
import { PostCardView } from './post-card-view';

const FEEDBACK_MS = 2_000;
const ACTIONS_MODULE = 'features/posts/components/post-card-actions.tsx';

const PostCardWithActions = lazyPage(
  ACTIONS_MODULE,
  () => import('./post-card-actions').then((m) => m.PostCardWithActions),
  { preload: false },
);

export interface PostCardProps {
  post: Post;
  /** The profile page offers delete on the owner's posts (SPEC §2); staff get it everywhere. */
  showDelete?: boolean;
  /** False on the askline's own page, where every card answers the same askline. */
  showAskline?: boolean;
  /** The reports page: staff may also suspend the author from the card. */
  showSuspend?: boolean;
  /** False on the single-post page, which says it above the card (see PostCardView). */
  showAuthorNote?: boolean;
  /** What the card says above the post, inside it (the reports page: the post's reports). */
  header?: ReactNode;
  headingLevel?: 2 | 3;
}

/** Whether the server's answer offers this viewer anything beyond reading and sharing the post. */
function mayAct({ viewer }: Post): boolean {
  // (Hiding and muting, issue #48, need a profile, and so does liking: canLike covers them.)
  return viewer.canLike || viewer.canDelete || viewer.canModerate || viewer.report !== 'none';
}

// The post card. What a viewer may do comes with the post (its `viewer` part): someone who may only
// read and share it (a visitor who opened a shared link: most visits) gets the card with Copy link
// and nothing else, and none of the code for liking, reporting or moderating. Anyone offered more gets
// the card wired to those actions (post-card-actions.tsx), loaded with the first such card; a page the
// server draws for them names that chunk for preloading, and until it has arrived in the browser the
// card shows without its actions.
export function PostCard(props: PostCardProps) {
  const actor = mayAct(props.post);
  usePreloadModule(ACTIONS_MODULE, actor);
  if (!actor) return <ReadOnlyPostCard {...props} />;
  return (
    <Suspense fallback={<ReadOnlyPostCard {...props} />}>
      <PostCardWithActions {...props} />
    </Suspense>
  );
}

function ReadOnlyPostCard({
  post,
  showAskline = true,
  showAuthorNote = true,
  headingLevel,
  header,
}: PostCardProps) {
  const { feedback, copyLink } = useCopyLink(post);
  return (
    <PostCardView
      post={post}
      header={header}
      showAskline={showAskline}
      showAuthorNote={showAuthorNote}
      headingLevel={headingLevel}
      onCopyLink={() => void copyLink()}
      feedback={feedback}
    />
  );
}

/** Copy link, and the card's short feedback line (2 s) that says how it went (and, with actions, more). */
export function useCopyLink(post: Post) {
  const [feedback, setFeedback] = useTransientState<string | null>(null, FEEDBACK_MS);
  async function copyLink() {
    try {
      await copyText(postShareUrl(window.location.origin, post, 'default'));
      setFeedback('Link copied!');
    } catch {
      setFeedback(SHARE_LINK_MESSAGES.copyFailed);
    }
  }
  return { feedback, setFeedback, copyLink };
}
