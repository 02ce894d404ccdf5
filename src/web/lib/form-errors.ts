import { ApiError } from './api-client';

/**
 * The server's refusal of one field of a form (its answer's `field`), if it names one of `fields`: its
 * message goes under that field (lib/use-form.ts `refuse`). null for any other failure, which is the
 * caller's to show for the whole form.
 */
export function fieldRefusal<Field extends string>(
  problem: unknown,
  fields: readonly Field[],
): { field: Field; message: string } | null {
  if (!(problem instanceof ApiError) || !problem.field) return null;
  const field = fields.find((name) => name === problem.field);
  return field ? { field, message: problem.message } : null;
}
