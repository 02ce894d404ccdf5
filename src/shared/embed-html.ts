// The embeddable page of a post (SPEC §2 Embed dialog, §9 embed page): one self-contained HTML document,
// with its styles inline and no script, font, image or stylesheet from anywhere, so it shows the same
// pasted into a site, opened from disk with the network off, or framed through oEmbed. The web app's
// Embed dialog and the server's /embed page both call this, so the code people copy is the page served.
// Every piece of text a person wrote passes through escapeHtml; links come from the post-text tokenizer,
// whose hrefs are always absolute http(s) URLs. In the square template the text is sized to the frame's
// width (container units), so the longest post still fits a square as narrow as a phone.
import { escapeHtml } from './escape-html';
import { tokenizePostText } from './post-text';
import { EMBED_MAX_WIDTH, postPagePath, type ShareFormat } from './share';
import { campusShortDate } from './short-date';

export interface EmbedPost {
  id: string;
  content: string;
  /** Null for an anonymous post: the page then says only "Anonymous". */
  author: { username: string; fullName: string } | null;
  askline: { content: string } | null;
  createdAt: string;
}

/** The inline stylesheet, one constant, so the server can allow exactly it by hash in its CSP. */
export const EMBED_STYLES = `*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light dark}
body{margin:0;padding:12px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Tamil","Noto Sans Devanagari",sans-serif;line-height:1.5;color:#0f172a;background:transparent}
.cy-embed{max-width:${EMBED_MAX_WIDTH}px;margin:0 auto;container-type:inline-size}
.cy-frame{display:flex;flex-direction:column;justify-content:center}
.cy-square .cy-frame,.cy-story .cy-frame{background:#000;border-radius:24px;padding:16px;overflow:hidden}
.cy-square .cy-frame{aspect-ratio:1/1}
.cy-story .cy-frame{aspect-ratio:9/16}
.cy-card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:20px;overflow:hidden}
.cy-author{display:flex;align-items:center;gap:12px;min-width:0}
.cy-avatar{flex:none;display:flex;align-items:center;justify-content:center;width:40px;height:40px;border-radius:50%;background:#4f39f6;color:#fff;font-weight:600}
.cy-anonymous .cy-avatar{background:#475569}
.cy-names{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.cy-name{font-weight:600;color:inherit;text-decoration:none}
a.cy-name:hover{text-decoration:underline}
.cy-username{margin-left:6px;color:#475569}
.cy-askline{margin:12px 0 0;padding:8px 12px;border-radius:8px;background:#f1f5f9;font-size:14px;font-weight:500;color:#334155}
.cy-text{margin:12px 0 0;font-size:16px;line-height:1.75;white-space:pre-wrap;overflow-wrap:anywhere}
.cy-story .cy-text{font-size:15px;line-height:1.6}
.cy-square .cy-frame{padding:clamp(8px,3cqi,16px)}
.cy-square .cy-card{padding:clamp(12px,3.6cqi,20px)}
.cy-square .cy-text{font-size:clamp(12px,3.6cqi,15px);line-height:1.5}
.cy-square .cy-askline{font-size:clamp(11px,3.3cqi,14px)}
.cy-text a{color:#4338ca;text-decoration:underline;text-underline-offset:2px}
.cy-footer{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:8px;margin-top:16px;font-size:14px;color:#475569}
.cy-link{font-weight:600;color:#4338ca;text-decoration:none}
.cy-link:hover{text-decoration:underline}
@media (prefers-color-scheme:dark){
body{color:#f1f5f9}
.cy-card{background:#0f172a;border-color:#1e293b}
.cy-username,.cy-footer{color:#94a3b8}
.cy-askline{background:#1e293b;color:#e2e8f0}
.cy-text a,.cy-link{color:#a5b4fc}
}`;

const LINK_ATTRIBUTES = 'target="_blank" rel="noopener noreferrer nofollow ugc"';

function renderText(content: string, siteUrl: string): string {
  return tokenizePostText(content)
    .map((token) => {
      if (token.type === 'link') {
        return `<a href="${escapeHtml(token.href)}" ${LINK_ATTRIBUTES}>${escapeHtml(token.text)}</a>`;
      }
      if (token.type === 'mention' || token.type === 'hashtag') {
        const href =
          token.type === 'mention'
            ? `${siteUrl}/${encodeURIComponent(token.username)}`
            : `${siteUrl}/search?q=${encodeURIComponent(token.text)}&type=posts`;
        return `<a href="${escapeHtml(href)}" ${LINK_ATTRIBUTES}>${escapeHtml(token.text)}</a>`;
      }
      return escapeHtml(token.text);
    })
    .join('');
}

function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

/** The page's title: who wrote it (or "Anonymous") and where. */
export function embedTitle(post: Pick<EmbedPost, 'author'>): string {
  return post.author
    ? `Post by ${post.author.fullName} (@${post.author.username}) · Campus Yearbook`
    : 'Anonymous post · Campus Yearbook';
}

/**
 * The whole page for one post in one template. `siteUrl` is the app's origin (no trailing slash): the
 * page links back to the post at `{siteUrl}/{username}/{id}` (or `/post/{id}`) in the same template.
 */
export function renderEmbedHtml(post: EmbedPost, format: ShareFormat, siteUrl: string): string {
  const postUrl = `${siteUrl}${postPagePath(post, format)}`;
  const author = post.author;
  const name = author?.fullName ?? 'Anonymous';
  const who = author
    ? `<a class="cy-name" href="${escapeHtml(`${siteUrl}/${encodeURIComponent(author.username)}`)}" ${LINK_ATTRIBUTES}>${escapeHtml(author.fullName)}</a><span class="cy-username">@${escapeHtml(author.username)}</span>`
    : '<span class="cy-name">Anonymous</span>';
  const askline = post.askline
    ? `<p class="cy-askline">Askline: ${escapeHtml(post.askline.content)}</p>`
    : '';

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(embedTitle(post))}</title>
<link rel="canonical" href="${escapeHtml(`${siteUrl}${postPagePath(post)}`)}">
<style>${EMBED_STYLES}</style>
</head>
<body>
<main class="cy-embed cy-${format}${author ? '' : ' cy-anonymous'}">
<div class="cy-frame">
<article class="cy-card" aria-label="${escapeHtml(`Post by ${name}`)}">
<header class="cy-author"><span class="cy-avatar" aria-hidden="true">${escapeHtml(initialOf(name))}</span><span class="cy-names">${who}</span></header>
${askline}<p class="cy-text">${renderText(post.content, siteUrl)}</p>
<footer class="cy-footer"><time datetime="${escapeHtml(post.createdAt)}">${escapeHtml(campusShortDate(post.createdAt))}</time><a class="cy-link" href="${escapeHtml(postUrl)}" ${LINK_ATTRIBUTES}>View on Campus Yearbook</a></footer>
</article>
</div>
</main>
</body>
</html>
`;
}
