// Development only (never mounted when NODE_ENV=production): the mail outbox as JSON and as a page,
// so a person running `npm start` can finish sign-up and password reset without a mail server.
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/context';
import { escapeHtml } from '../../http/escape-html';
import { listOutbox, type OutboxMessage } from '../../platform/mail';

export function devApiRoutes(db: Db) {
  return new Hono<AppEnv>().get('/outbox', async (c) => c.json(await listOutbox(db)));
}

export function devMailboxPage(db: Db) {
  return new Hono<AppEnv>().get('/', async (c) => c.html(renderMailbox(await listOutbox(db))));
}

function renderMailbox(messages: OutboxMessage[]): string {
  const items = messages.length
    ? messages
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · <time datetime="${m.createdAt}">${escapeHtml(m.createdAt)}</time></p>
  <pre>${escapeHtml(m.text)}</pre>
  ${m.links.map((link) => `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`).join('')}
</article>`,
        )
        .join('\n')
    : '<p>No mail yet. Sign up or ask for a password reset and the message appears here.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox (development) · Campus Yearbook</title></head>
<body><main><h1>Mailbox (development only)</h1>
<p>Mail the app would have sent, newest first. With SMTP_URL set, mail is sent for real instead.</p>
${items}
</main></body></html>`;
}
