import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts a refusal the server made about one field (its `field`) under that field of the form, and
 * focuses it. Says whether it did: a refusal about no field of this form is the caller's to show.
 */
export function showFieldError<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  problem: unknown,
): boolean {
  if (!(problem instanceof ApiError) || !problem.field) return false;
  if (!Object.hasOwn(form.getValues(), problem.field)) return false;
  form.setError(problem.field as Path<T>, { message: problem.message }, { shouldFocus: true });
  return true;
}
