// A person's superlatives (issue #52): the categories they won, once the results are shown. Its own
// module, so that the profile page brings only this.
import { queryOptions } from '@tanstack/react-query';
import type { ProfileSuperlatives } from '../../../../shared/superlatives';
import { apiRequest } from '../../../lib/api-client';
import { screenKeys } from '../../../lib/screen-keys';

export const profileWinsQueryOptions = (username: string) =>
  queryOptions({
    queryKey: screenKeys.superlatives.wins(username),
    // SUPERLATIVE_API.wins, written here: the profile page loads none of superlatives' values.
    queryFn: ({ signal }) =>
      apiRequest<ProfileSuperlatives>(`/api/profiles/${encodeURIComponent(username)}/superlatives`, {
        signal,
      }),
  });
