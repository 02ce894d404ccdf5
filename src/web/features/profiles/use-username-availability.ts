import { useQuery } from '@tanstack/react-query';
import { usernameSchema } from '../../../shared/profiles';
import { PROFILE_MESSAGES } from '../../../shared/values/profiles';
import { screenKeys } from '../../lib/screen-keys';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { checkUsername } from './api/profile-api';

export type UsernameStatus =
  | { state: 'empty' }
  | { state: 'invalid'; message: string }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken'; message: string }
  | { state: 'unknown'; message: string };

const TYPING_PAUSE_MS = 400;

/**
 * SPEC §4 username availability: checking, available, taken. The rule is checked as the person types;
 * the server is asked once they pause, and only about names that pass the rule.
 */
export function useUsernameAvailability(typed: string): UsernameStatus {
  const parsed = usernameSchema.safeParse(typed);
  const candidate = parsed.success ? parsed.data : '';
  const settled = useDebouncedValue(candidate, TYPING_PAUSE_MS);
  const query = useQuery({
    queryKey: screenKeys.usernameAvailability(settled),
    queryFn: ({ signal }) => checkUsername(settled, signal),
    enabled: settled !== '' && settled === candidate,
    staleTime: 10_000,
    gcTime: 60_000,
  });

  if (!typed.trim()) return { state: 'empty' };
  if (!parsed.success)
    return { state: 'invalid', message: parsed.error.issues[0]?.message ?? PROFILE_MESSAGES.username };
  if (settled !== candidate || query.isPending) {
    return query.isError
      ? { state: 'unknown', message: 'We could not check this username. Please try again.' }
      : { state: 'checking' };
  }
  if (query.isError) return { state: 'unknown', message: query.error.message };
  return query.data.available
    ? { state: 'available' }
    : { state: 'taken', message: PROFILE_MESSAGES.usernameTaken };
}
