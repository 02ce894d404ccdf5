// The ids that addresses carry (`/api/posts/{id}`, `/og/posts/{id}.png`), declared once for every route
// that takes one: the route reads its params through its describeRoute() (src/server/http), so
// the OpenAPI document says what they are and the handler gets them checked.
//
// A checked id is a `RowId`, and the use cases that look a row up by id take only that: nothing
// unchecked reaches the database, where PostgreSQL would refuse a malformed uuid with an error (a 500
// where an id of nothing is a 404, telling a malformed guess from a wrong one). An address whose id
// breaks its schema names nothing, and its route answers it as it answers an id of nothing.
import * as z from 'zod/mini';

/** A row's id (a UUID, any case, as PostgreSQL's uuid type reads it), checked. */
export const rowIdSchema = z.uuid().brand<'RowId'>();
export type RowId = z.infer<typeof rowIdSchema>;

/** `/…/{id}`. */
export const idParamsSchema = z.object({ id: rowIdSchema });

/** `/og/…/{id}.png`: a preview image's file, read as the id it draws. */
export const previewFileParamsSchema = z.object({
  file: z.pipe(
    z.templateLiteral([z.uuid(), '.png']),
    z.transform((file: `${string}.png`) => file.slice(0, -'.png'.length) as RowId),
  ),
});
