import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

/** A unique address for one test, so tests never share accounts or rate-limit counters. */
export function uniqueEmail(name: string): string {
  return `${name}.${randomBytes(4).toString('hex')}@example.com`;
}

/** The first link of the newest mail to `email` in the development outbox, waiting for it to arrive. */
export async function mailedLink(
  request: APIRequestContext,
  email: string,
  subject: RegExp,
): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/api/dev/outbox')).json()) as {
        to: string;
        subject: string;
        links: string[];
      }[];
      link = mails.find((mail) => mail.to === email && subject.test(mail.subject))?.links[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}
