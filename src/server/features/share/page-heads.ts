// Link previews (issue «Sharing» 5): what LinkedIn, WhatsApp, Instagram or X show when someone pastes
// a post's or an askline's address. Their crawlers read the page's head and run no script, so the
// server writes the head itself: title, description, canonical address, Open Graph and Twitter card
// tags with the preview image, and the oEmbed discovery link. Built from what a visitor may see (an
// anonymous post has no author here), with every value escaped.
import { raw } from 'hono/html';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, postPagePath, readShareFormat } from '../../../shared/share';
import type { Db } from '../../db/client';
import { html, htmlText } from '../../http/html';
import type { PageHead, PageHeadProvider } from '../../http/web-app';
import type { ObjectStorage } from '../../platform/storage';
import { findPostAt, findSharedAskline, replyPlace } from './find-shared';
import { asklinePreview, postPreview } from './preview-inputs';
import { postUrls, readSharedPage } from './share-addresses';

const SITE_NAME = 'Campus Yearbook';
const DESCRIPTION_LENGTH = 200;

interface HeadFields {
  title: string;
  description: string;
  url: string;
  image: string;
  imageAlt: string;
  type: 'article' | 'website';
  publishedTime?: string;
  oembed?: string;
}

/** Whitespace folded to single spaces and cut at a word near 200 characters. */
export function previewDescription(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const characters = Array.from(folded);
  if (characters.length <= DESCRIPTION_LENGTH) return folded;
  const cut = characters.slice(0, DESCRIPTION_LENGTH - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > DESCRIPTION_LENGTH / 2 ? atWord : cut}…`;
}

function headTags(fields: HeadFields): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    html`<meta ${raw(attribute)}="${key}" content="${value}">`;
  const tags = [
    html`<title>${fields.title}</title>`,
    meta('name', 'description', fields.description),
    html`<link rel="canonical" href="${fields.url}">`,
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', fields.type),
    meta('property', 'og:title', fields.title),
    meta('property', 'og:description', fields.description),
    meta('property', 'og:url', fields.url),
    meta('property', 'og:image', fields.image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(OG_IMAGE_WIDTH)),
    meta('property', 'og:image:height', String(OG_IMAGE_HEIGHT)),
    meta('property', 'og:image:alt', fields.imageAlt),
    ...(fields.publishedTime ? [meta('property', 'article:published_time', fields.publishedTime)] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', fields.title),
    meta('name', 'twitter:description', fields.description),
    meta('name', 'twitter:image', fields.image),
    meta('name', 'twitter:image:alt', fields.imageAlt),
    ...(fields.oembed
      ? [
          html`<link rel="alternate" type="application/json+oembed" href="${fields.oembed}" title="${fields.title}">`,
        ]
      : []),
  ];
  return tags.map(htmlText).join('\n');
}

const notFound = (what: string): PageHead => ({
  status: 404,
  tags: htmlText(html`<title>${what} · ${SITE_NAME}</title>\n<meta name="robots" content="noindex">`),
});

/** Who wrote a post, as a preview names them: "Asha Raman (@asha_r)", or "Anonymous". */
export function postByline(author: { fullName: string; username: string } | null): string {
  return author ? `${author.fullName} (@${author.username})` : 'Anonymous';
}

export function oembedAddress(origin: string, pageUrl: string): string {
  return `${origin}/api/oembed?url=${encodeURIComponent(pageUrl)}&format=json`;
}

export function createSharePageHeads(deps: {
  db: Db;
  storage: ObjectStorage;
  origin: string;
}): PageHeadProvider {
  const { db, storage, origin } = deps;

  return async (pathname, search) => {
    const page = readSharedPage(pathname);
    if (!page) return null;

    if (page.kind === 'askline') {
      const askline = await findSharedAskline(db, page.id);
      if (!askline) return notFound('Askline not found');
      const url = `${origin}/askline/${askline.id}`;
      const posts = askline.postCount === 1 ? '1 post answers' : `${askline.postCount} posts answer`;
      return {
        status: 200,
        tags: headTags({
          title: `${askline.content} · Askline on ${SITE_NAME}`,
          description: `${posts} this askline on ${SITE_NAME}, the yearbook of VIT Chennai and VIT Vellore. Add yours.`,
          url,
          image: `${origin}/og/asklines/${askline.id}.png?v=${asklinePreview(askline).version}`,
          imageAlt: `Askline: ${askline.content}`,
          type: 'website',
        }),
      };
    }

    const shared = await findPostAt(db, storage, page);
    if (!shared) {
      const place = await replyPlace(db, page);
      return place ? { redirectTo: place } : notFound('Post not found');
    }
    const { post } = shared;
    // A named post asked for under another username (or other letter case) moves to its own address,
    // keeping its template if it names one (as the app does when it finds itself at such an address).
    if (page.username !== null && pathname.replace(/\/$/, '') !== postPagePath(post)) {
      const format = readShareFormat(new URLSearchParams(search).get('format'));
      return { redirectTo: postPagePath(post, format === 'default' ? undefined : format) };
    }
    const urls = postUrls(origin, post, postPreview(shared).version);
    const byline = postByline(post.author);
    return {
      status: 200,
      tags: headTags({
        title: `${byline} on ${SITE_NAME}`,
        description: previewDescription(post.content),
        url: urls.page,
        image: urls.image,
        imageAlt: `Post by ${byline}: ${previewDescription(post.content)}`,
        type: 'article',
        publishedTime: post.createdAt,
        oembed: oembedAddress(origin, urls.page),
      }),
    };
  };
}
