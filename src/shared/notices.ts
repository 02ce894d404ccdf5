// The dashboard notice (SPEC §3: show, title, badge, content paragraphs), kept by our server and
// edited by admins instead of the original's remote JSON file.
import * as z from 'zod/mini';
import { NOTICE_LIMITS } from './values/notices';

export const noticeSchema = z.object({
  show: z.boolean(),
  title: z.string(),
  badge: z.string(),
  content: z.array(z.string()),
});
export type Notice = z.infer<typeof noticeSchema>;

export const updateNoticeRequestSchema = z
  .strictObject({
    show: z.boolean({ error: 'Say whether the notice is shown (true or false).' }),
    title: z
      .string({ error: 'The title must be text.' })
      .check(
        z.trim(),
        z.maxLength(NOTICE_LIMITS.title, `The title can be at most ${NOTICE_LIMITS.title} characters.`),
      ),
    badge: z
      .string({ error: 'The badge must be text.' })
      .check(
        z.trim(),
        z.maxLength(NOTICE_LIMITS.badge, `The badge can be at most ${NOTICE_LIMITS.badge} characters.`),
      ),
    content: z.pipe(
      z
        .array(
          z
            .string({ error: 'Each paragraph must be text.' })
            .check(
              z.trim(),
              z.maxLength(
                NOTICE_LIMITS.paragraph,
                `A paragraph can be at most ${NOTICE_LIMITS.paragraph} characters.`,
              ),
            ),
          { error: 'The content must be a list of paragraphs.' },
        )
        .check(
          z.maxLength(
            NOTICE_LIMITS.paragraphs,
            `A notice can have at most ${NOTICE_LIMITS.paragraphs} paragraphs.`,
          ),
        ),
      z.transform((paragraphs: string[]) => paragraphs.filter((paragraph) => paragraph !== '')),
    ),
  })
  .check(
    z.refine((notice) => !notice.show || notice.title !== '' || notice.content.length > 0, {
      message: 'A notice that is shown needs a title or a paragraph.',
      path: ['title'],
    }),
  );
export type UpdateNoticeRequest = z.input<typeof updateNoticeRequestSchema>;

export * from './values/notices';
