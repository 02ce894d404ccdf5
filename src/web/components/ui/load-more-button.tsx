import { composeButtonClasses } from './control-classes';

/** The parts of an infinite query the button needs. */
interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The next page of a list (SPEC §2 'Explore More'; 'More' elsewhere), or nothing on the last page. */
export function LoadMoreButton({
  list,
  label = 'Explore More',
  className = 'mt-6',
}: {
  list: PagedList;
  label?: string;
  className?: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <button
      type="button"
      onClick={() => void list.fetchNextPage()}
      disabled={list.isFetchingNextPage}
      className={composeButtonClasses({ variant: 'secondary', className: `${className} w-full` })}
    >
      {list.isFetchingNextPage ? 'Loading...' : label}
    </button>
  );
}
