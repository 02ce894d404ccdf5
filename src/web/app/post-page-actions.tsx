import { useQuery } from '@tanstack/react-query';
import { readShareFormat } from '../../shared/share';
import { postQueryOptions } from '../features/posts/api/posts-queries';
import { ShareActions } from '../features/share/components/share-actions';
import { usePreloadModule } from '../lib/lazy-page';
import { useSearchParams } from '../lib/router';

// The navbar's Copy, Embed and Download on a post page (SPEC §2 Navbar), for the post the page shows,
// in the template its address names. The post comes from the page's own query: no second request.
// An address with no post to show (not found, removed: the query's error) gets none of them.
export function PostPageActions({ username, postId }: { username: string | null; postId: string }) {
  usePreloadModule('app/post-page-actions.tsx', true);
  const [params] = useSearchParams();
  const { data: post, isError } = useQuery(postQueryOptions(postId, username));
  if (isError) return null;
  return <ShareActions post={post ?? null} format={readShareFormat(params.get('format'))} />;
}
