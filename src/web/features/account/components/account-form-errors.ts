import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { refreshAccount } from '../api/account-api';

/**
 * A refused request's messages: under the field the server named, else for the whole form. A 403 means
 * the sign-in the page was read with is no longer recent: the account is asked again.
 */
export function accountFormErrors<Field extends string>(
  problem: unknown,
  fields: readonly Field[],
): { [K in Field | 'form']?: string } {
  const errors: { [K in Field | 'form']?: string } = {};
  const field = fields.find((name) => problem instanceof ApiError && problem.field === name);
  if (field && problem instanceof ApiError) {
    errors[field] = problem.message;
    return errors;
  }
  if (problem instanceof ApiError && problem.status === 403) refreshAccount();
  errors.form = failureMessage(problem, ACCOUNT_MESSAGES.signedOut);
  return errors;
}
