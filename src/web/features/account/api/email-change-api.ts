// The page of an email change's mailed links (issue #43): what the link would do, for the account that
// is signed in. The buttons are plain forms (email-change-route.tsx), so nothing here sends them.
import { queryOptions } from '@tanstack/react-query';
import type { EmailChangeStep } from '../../../../shared/account';
import { apiRequest } from '../../../lib/api-client';
import { screenKeys } from '../../../lib/screen-keys';

export const emailChangeLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: screenKeys.emailChangeLink(token),
    queryFn: ({ signal }) =>
      apiRequest<EmailChangeStep>(`/api/account/email/link?token=${encodeURIComponent(token)}`, { signal }),
    // A link is used once: what it would do is asked again on every visit.
    staleTime: 0,
  });
