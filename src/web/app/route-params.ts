// What a page's address asks for (?sort=, ?status=, ?q=, ?type=), read the one way both the page and
// the server's first load (app/page-data.ts) read it, so the server asks for the list the page shows.
import { INSTITUTIONS, type Institution } from '../../shared/institutions';
import { FEED_SORTS, FEED_TABS, type FeedSort, type FeedTab } from '../../shared/values/posts';
import {
  REPORT_SORTS,
  REPORT_STATUSES,
  type ReportSort,
  type ReportStatus,
} from '../../shared/values/reports';
import { SEARCH_TYPES, type SearchType } from '../../shared/values/search';

function pick<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/**
 * The dashboard's Create post, opened by the address: the installed app's shortcut (?compose=1) and
 * text shared to it from another app (the manifest's share_target: ?share_title, ?share_text,
 * ?share_url), joined into the post's first draft; a link already in the text is not repeated.
 */
export function readCompose(params: URLSearchParams): { open: boolean; text: string } {
  const shared = ['share_title', 'share_text', 'share_url'].map((name) => params.get(name)?.trim() ?? '');
  const [title = '', text = '', url = ''] = shared;
  const parts = [title, text, url && !text.includes(url) && !title.includes(url) ? url : ''].filter(Boolean);
  return {
    open: params.has('compose') || shared.some(Boolean),
    text: parts.join('\n'),
  };
}

/** The dashboard's order. */
export function readFeedSort(params: URLSearchParams): FeedSort {
  return pick(params.get('sort'), FEED_SORTS, 'default');
}

/** The dashboard's tab (issue #51): Everyone unless the address says a campus or my class. */
export function readFeedTab(params: URLSearchParams): FeedTab {
  return pick(params.get('feed'), FEED_TABS, 'everyone');
}

/** The reports page's tab, and the order chosen in the address (null: the server's default). */
export function readReportsView(params: URLSearchParams): {
  status: ReportStatus;
  sort: ReportSort | null;
} {
  const sort = params.get('sort');
  return {
    status: pick(params.get('status'), REPORT_STATUSES, 'unresolved'),
    sort: REPORT_SORTS.includes(sort as ReportSort) ? (sort as ReportSort) : null,
  };
}

/**
 * A class page's tab and search (issue #52): the campus the address names (null: the viewer's own,
 * which the server picks), and the search, trimmed ('' for none).
 */
export function readClassView(params: URLSearchParams): { campus: Institution | null; query: string } {
  const campus = params.get('campus');
  return {
    campus: INSTITUTIONS.includes(campus as Institution) ? (campus as Institution) : null,
    query: (params.get('q') ?? '').trim(),
  };
}

/** The search page's query and type, and which lists they want. */
export function readSearch(params: URLSearchParams) {
  const query = (params.get('q') ?? '').trim();
  const type: SearchType = pick(params.get('type'), SEARCH_TYPES, 'all');
  return {
    query,
    type,
    wantUsers: query !== '' && type !== 'posts',
    wantPosts: query !== '' && type !== 'users',
  };
}
