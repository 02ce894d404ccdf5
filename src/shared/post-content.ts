// The rule for a post's text (SPEC §5), in a file of its own and made on first use: the create-post
// panel checks the text with it in the browser, and the dashboard's code, evaluated as the page is
// taken over, would otherwise build it (and, from posts.ts, every post schema) in one long task on a
// phone (docs/performance.md, issue #45). The server's schemas (posts.ts) are built from the same one.
import * as z from 'zod/mini';
import { POST_MAX_LENGTH } from './limits';
import { POST_WRITE_MESSAGES } from './values/post-writing';

// Control characters other than line breaks can hide or reorder text; they have no place in a post.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function buildPostContentSchema() {
  return z.pipe(
    z.pipe(
      z.string({ error: POST_WRITE_MESSAGES.contentRequired }),
      z.transform((value: string) => value.replace(/\r\n?/g, '\n').trim()),
    ),
    z.string().check(
      z.minLength(1, POST_WRITE_MESSAGES.contentRequired),
      z.maxLength(POST_MAX_LENGTH, POST_WRITE_MESSAGES.contentTooLong),
      z.refine(
        (value) => !CONTROL_CHARACTERS.test(value),
        'Please remove special control characters from your post.',
      ),
    ),
  );
}

let built: ReturnType<typeof buildPostContentSchema> | undefined;

/** A post's text as the server takes it: trimmed, line breaks as `\n`, 1-256 characters, no controls. */
export function getPostContentSchema(): ReturnType<typeof buildPostContentSchema> {
  built ??= buildPostContentSchema();
  return built;
}
