// Development only (never mounted when NODE_ENV=production): the mail outbox as JSON and as a page,
// so a person running `npm start` can finish sign-up and password reset without a mail server. The
// outbox holds every sign-in link and reset token, so it answers the machine the server runs on only.
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { describeRoute } from '../../http/describe-route';
import { html, htmlText } from '../../http/html';
import { loopbackOnly } from '../../http/loopback-only';
import { listOutbox, type OutboxMessage } from '../../platform/mail';

export const MAILBOX_PATH = '/dev/mailbox';

const outbox = describeRoute({
  summary: 'Development only: the mail the app would have sent',
  tag: 'development',
  access: 'this machine (loopback), outside production',
});
const mailbox = describeRoute({
  summary: 'Development only: the mailbox page',
  tag: 'development',
  access: 'this machine (loopback), outside production',
  answer: 'text/html',
});
const mailboxStyles = describeRoute({
  summary: "Development only: the mailbox page's styles",
  tag: 'development',
  access: 'this machine (loopback), outside production',
  answer: 'text/css',
});

const loopbackOnlyMailbox = loopbackOnly(
  'The development mailbox answers only on the machine the server runs on (open it at localhost).',
);

export function devApiRoutes(db: Db) {
  return new Hono<AppEnv>()
    .use(loopbackOnlyMailbox)
    .get('/outbox', outbox.doc, async (c) => c.json(await listOutbox(db)));
}

// Styles come from a file of their own: the CSP allows no inline <style>.
const MAILBOX_CSS = `:root{color-scheme:light dark;font-family:system-ui,sans-serif;line-height:1.5}
body{margin:0;padding:1rem}main{max-width:48rem;margin:0 auto}
article{border:1px solid color-mix(in srgb,currentColor 20%,transparent);border-radius:.75rem;padding:1rem;margin:1rem 0}
h1{font-size:1.5rem}h2{font-size:1.125rem;margin:0 0 .25rem}.meta{margin:0 0 .75rem;opacity:.75;font-size:.875rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.875rem;margin:0 0 .75rem}
a.open{display:inline-block;padding:.5rem .875rem;border-radius:.5rem;background:#4338ca;color:#fff;text-decoration:none;font-weight:600}
a.open:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}`;

const formatTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export function devMailboxPage(db: Db) {
  return new Hono<AppEnv>()
    .use(loopbackOnlyMailbox)
    .get('/', mailbox.doc, async (c) => c.html(renderMailbox(await listOutbox(db))))
    .get('/mailbox.css', mailboxStyles.doc, (c) =>
      c.body(MAILBOX_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
    );
}

function renderMailbox(messages: OutboxMessage[]): string {
  const items = messages.length
    ? messages.map(
        (m) => html`<article>
  <h2>${m.subject}</h2>
  <p class="meta">To ${m.to} · <time datetime="${m.createdAt}">${formatTime.format(new Date(m.createdAt))} UTC</time></p>
  <pre>${m.text}</pre>
  ${m.links.map((link) => html`<a class="open" href="${link}">Open ${new URL(link).pathname}</a> `)}
</article>
`,
      )
    : html`<p>No mail yet. Sign up or ask for a password reset and the message appears here.</p>`;
  return htmlText(html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox (development) · Campus Yearbook</title><link rel="stylesheet" href="${MAILBOX_PATH}/mailbox.css"></head>
<body><main><h1>Mailbox (development only)</h1>
<p>Mail the app would have sent, newest first. With SMTP_URL set, mail is sent for real instead.</p>
${items}
</main></body></html>`);
}
