// oEmbed (oembed.com): a site given a post's address asks /api/oembed and gets a "rich" answer, an
// iframe of the post's embed page, with the preview image as its thumbnail. The author is named only
// for a named post; an anonymous post answers with no author fields at all.
import { z } from 'zod';
import type { Post } from '../../../shared/posts';
import {
  EMBED_MAX_WIDTH,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  readShareFormat,
  type ShareFormat,
} from '../../../shared/share';
import { html, htmlText } from '../../http/html';
import { postByline } from './page-heads';
import type { ShareUrls } from './share-addresses';

/** Consumers add their own parameters (dnt, lang, ...): unknown ones are ignored, not refused. */
export const oembedQuerySchema = z.object({
  url: z.string({ error: 'url is required.' }).min(1, 'url is required.').max(2_048, 'That url is too long.'),
  format: z.string().max(20).optional(),
  maxwidth: z.coerce.number({ error: 'maxwidth must be a number.' }).int().min(1).max(10_000).optional(),
  maxheight: z.coerce.number({ error: 'maxheight must be a number.' }).int().min(1).max(10_000).optional(),
});
export type OembedQuery = z.infer<typeof oembedQuerySchema>;

/** The embed page's body padding on each side (EMBED_STYLES: 12 px). */
const PAGE_PADDING = 24;
const FULL_WIDTH = EMBED_MAX_WIDTH + PAGE_PADDING;
/** Characters in a line of the card's 16 px text at full width, and its line height. */
const CHARACTERS_PER_LINE = 48;
const LINE_HEIGHT = 28;

/** The address inside `url` that names a post on this site, and its template; null for anything else. */
export function readOembedUrl(url: string, origin: string): { pathname: string; format: ShareFormat } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== origin) return null;
  return { pathname: parsed.pathname, format: readShareFormat(parsed.searchParams.get('format')) };
}

/** The iframe's size: the card's width (or less), and a height that fits the template. */
export function embedSize(post: Pick<Post, 'content' | 'askline'>, format: ShareFormat, query: OembedQuery) {
  const width = Math.min(FULL_WIDTH, query.maxwidth ?? FULL_WIDTH);
  const inner = width - PAGE_PADDING;
  let height: number;
  if (format === 'square') height = inner + PAGE_PADDING;
  else if (format === 'story') height = Math.round((inner * 16) / 9) + PAGE_PADDING;
  else {
    const lines = Math.ceil(
      Array.from(post.content).length / Math.max(10, (CHARACTERS_PER_LINE * inner) / EMBED_MAX_WIDTH),
    );
    height = 170 + lines * LINE_HEIGHT + (post.askline ? 56 : 0);
  }
  return { width, height: Math.min(height, query.maxheight ?? height) };
}

export function oembedAnswer(options: {
  post: Post;
  format: ShareFormat;
  query: OembedQuery;
  urls: ShareUrls;
  origin: string;
}) {
  const { post, format, query, urls, origin } = options;
  const { width, height } = embedSize(post, format, query);
  const title = `Post by ${postByline(post.author)}`;
  const iframe = htmlText(
    html`<iframe src="${urls.embed(format)}" width="${width}" height="${height}" title="${title}" loading="lazy" style="border:0;max-width:100%"></iframe>`,
  );
  return {
    version: '1.0',
    type: 'rich',
    provider_name: 'Campus Yearbook',
    provider_url: `${origin}/`,
    title,
    ...(post.author
      ? {
          author_name: post.author.fullName,
          author_url: `${origin}/${encodeURIComponent(post.author.username)}`,
        }
      : {}),
    html: iframe,
    width,
    height,
    thumbnail_url: urls.image,
    thumbnail_width: OG_IMAGE_WIDTH,
    thumbnail_height: OG_IMAGE_HEIGHT,
    cache_age: 300,
  };
}
