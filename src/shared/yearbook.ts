// The yearbook (issue #52), first part: class pages. `GET /api/classes/{year}` lists one graduation
// year's members of one campus, by name then username, a keyset page at a time, with how many each
// campus lists. Members who chose to leave their class page, and people between whom and the viewer
// there is a block, are neither listed nor counted.
import * as z from 'zod/mini';
import { INSTITUTIONS } from './institutions';
import { hasControlCharacters } from './text-rules';
import { CLASS_MESSAGES, CLASS_SEARCH_MAX_LENGTH, classYearOf } from './values/yearbook';

/** `/api/classes/{year}`: a graduation year of SPEC §5 (2020-2030), as four digits. */
export const classParamsSchema = z.object({
  year: z.string().check(z.refine((value) => classYearOf(value) !== null, CLASS_MESSAGES.noSuchClass)),
});

/** The query of `GET /api/classes/{year}`. */
export const classQuerySchema = z.strictObject({
  /** Which campus's members; the viewer's own when left out. */
  campus: z.optional(z.enum(INSTITUTIONS, { error: CLASS_MESSAGES.campus })),
  /** Only members whose name or username contains it, any case; blank means everyone. */
  q: z.optional(
    z.string({ error: CLASS_MESSAGES.searchTooLong }).check(
      z.trim(),
      z.maxLength(CLASS_SEARCH_MAX_LENGTH, CLASS_MESSAGES.searchTooLong),
      z.refine((value) => !hasControlCharacters(value), CLASS_MESSAGES.searchControl),
    ),
  ),
  cursor: z.optional(z.string().check(z.maxLength(200, CLASS_MESSAGES.badPage))),
});
export type ClassQuery = z.infer<typeof classQuerySchema>;

/** A member as the class page shows them. */
export const classmateSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  profilePictureUrl: z.nullable(z.string()),
  /** The first line of their bio ('' for none). */
  bioLine: z.string(),
});
export type Classmate = z.infer<typeof classmateSchema>;

export const classCountsSchema = z.object({ VITC: z.number(), VITV: z.number() });
export type ClassCounts = z.infer<typeof classCountsSchema>;

export const classPageSchema = z.object({
  year: z.number(),
  campus: z.enum(INSTITUTIONS),
  /** Members each campus lists for this viewer, whatever the search; on the first page only. */
  counts: z.nullable(classCountsSchema),
  /** The viewer is of this class and chose to leave its page (they are not listed, to themselves either). */
  viewerHidden: z.boolean(),
  members: z.array(classmateSchema),
  nextCursor: z.nullable(z.string()),
});
export type ClassPage = z.infer<typeof classPageSchema>;

export * from './values/yearbook';
