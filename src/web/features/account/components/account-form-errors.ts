import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { ApiError, failureMessage } from '../../../lib/api-client';
import { refreshAccount } from '../api/account-api';

/**
 * A refused request's message for the whole form, when it names none of the form's fields (those go
 * under their field: lib/use-form.ts `refuse`). A 403 means the sign-in the page was read with is no
 * longer recent: the account is asked again.
 */
export function accountFormError(problem: unknown): string {
  if (problem instanceof ApiError && problem.status === 403) refreshAccount();
  return failureMessage(problem, ACCOUNT_MESSAGES.signedOut);
}
