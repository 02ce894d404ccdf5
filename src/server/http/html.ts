// HTML the server writes (the development mailbox, account mails, the gone-embed page, link-preview
// heads) goes through hono/html's `html` template: every value is escaped unless it is itself such a
// template, so nothing written by a person can become markup. `htmlText` makes one a string.
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

export { html };

/** The text of an `html` template with no asynchronous parts (all of ours). */
export function htmlText(template: HtmlEscapedString | Promise<HtmlEscapedString>): string {
  if (template instanceof Promise) throw new Error('html template with asynchronous parts');
  return template.toString();
}
