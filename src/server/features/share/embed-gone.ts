// The embed page of a post that is gone (deleted, or never was): framed on another site, it says so in
// the same card style, with a way to the app, instead of showing a raw error.

import { raw } from 'hono/html';
import { EMBED_STYLES } from '../../../shared/embed-html';
import { html, htmlText } from '../../http/html';

export function renderGoneEmbedHtml(origin: string): string {
  return htmlText(html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Post not available · Campus Yearbook</title>
<style>${raw(EMBED_STYLES)}</style>
</head>
<body>
<main class="cy-embed cy-default">
<div class="cy-frame">
<article class="cy-card">
<p class="cy-text">This post is no longer available.</p>
<footer class="cy-footer"><span></span><a class="cy-link" href="${`${origin}/`}" target="_blank" rel="noopener noreferrer">Campus Yearbook</a></footer>
</article>
</div>
</main>
</body>
</html>
`);
}
