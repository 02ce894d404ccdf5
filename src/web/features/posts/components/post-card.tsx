import type { Post } from '../../../../shared/posts';
import { useDeletePost, useSetLike } from '../api/posts-api';
import { PostCardView } from './post-card-view';

export interface PostCardProps {
  post: Post;
  /** Signed out: the like button is disabled with 'Sign in to like'. */
  canLike: boolean;
  /** The profile page offers delete on the owner's posts (SPEC §2). */
  showDelete?: boolean;
  /** Where a failed like is reported (the dashboard alerts; elsewhere it is only logged). */
  onLikeFailed?: (error: unknown) => void;
  /** False on the askline's own page, where every card answers the same askline. */
  showAskline?: boolean;
}

// The post card wired to the server: like and unlike, and delete with confirmation (soft delete).
export function PostCard({
  post,
  canLike,
  showDelete = false,
  onLikeFailed,
  showAskline = true,
}: PostCardProps) {
  const setLike = useSetLike();
  const deletePost = useDeletePost();

  function toggleLike() {
    setLike.mutate(
      { id: post.id, liked: !post.likedByMe },
      {
        onError: (error) => {
          console.warn('like failed', error);
          onLikeFailed?.(error);
        },
      },
    );
  }

  function remove() {
    if (!window.confirm('Delete this post? This cannot be undone.')) return;
    deletePost.mutate(post.id, {
      onError: () => window.alert('Failed to delete post. Please try again.'),
    });
  }

  return (
    <PostCardView
      post={post}
      onToggleLike={canLike ? toggleLike : undefined}
      likePending={setLike.isPending}
      onDelete={showDelete && post.viewer.canDelete ? remove : undefined}
      deletePending={deletePost.isPending}
      showAskline={showAskline}
    />
  );
}
