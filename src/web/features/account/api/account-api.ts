// The account page's requests: what the server says deleting asks for, the data download, and the
// deletion itself. Nothing here is kept across reloads: it is the owner's own, and changes with them.
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Account, ChangeEmailRequest, DeleteAccountRequest, Devices } from '../../../../shared/account';
import { ApiError, apiRequest, ConnectionError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { screenKeys } from '../../../lib/screen-keys';

export const accountQueryOptions = queryOptions({
  queryKey: screenKeys.account,
  queryFn: ({ signal }) => apiRequest<Account>('/api/account', { signal }),
  // Whether a Google sign-in is still fresh changes with time: asked again on every visit.
  staleTime: 0,
});

/** The zip of everything kept about the account, with the name the server gave it. */
export async function downloadAccountData(): Promise<{ file: Blob; fileName: string }> {
  let response: Response;
  try {
    response = await fetch('/api/account/export', { credentials: 'same-origin' });
  } catch {
    throw new ConnectionError();
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    if (!body?.error?.message) throw new ConnectionError();
    throw new ApiError(response.status, body.error.code ?? 'error', body.error.message);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'campus-yearbook-data.zip';
  return { file: await response.blob(), fileName };
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (request: DeleteAccountRequest) =>
      apiRequest<{ deleted: true }>('/api/account', { method: 'DELETE', body: request }),
  });
}

/** Takes down every anonymous post of the account now; the account (its count of them) is asked again. */
export function useDeleteAnonymousPosts() {
  return useMutation({
    mutationFn: () => apiRequest<{ deleted: number }>('/api/account/anonymous-posts', { method: 'DELETE' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: screenKeys.account });
      void queryClient.invalidateQueries({ queryKey: queryKeys.postLists.all });
    },
  });
}

export const devicesQueryOptions = queryOptions({
  queryKey: screenKeys.devices,
  queryFn: ({ signal }) => apiRequest<Devices>('/api/account/sessions', { signal }),
  staleTime: 0,
});

/** Signs out one other device (`id`), or every other device (no id); the list is asked again after. */
export function useSignOutDevices() {
  return useMutation({
    mutationFn: (id: string | null) =>
      apiRequest<{ signedOut: number }>(
        id ? `/api/account/sessions/${encodeURIComponent(id)}` : '/api/account/sessions',
        { method: 'DELETE' },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: screenKeys.devices }),
  });
}

export function useChangeEmail() {
  return useMutation({
    mutationFn: (request: ChangeEmailRequest) =>
      apiRequest<{ approvalSentTo: string; newEmail: string }>('/api/account/email', {
        method: 'POST',
        body: request,
      }),
  });
}

/** Asks the account again: after a 403, the sign-in it was read with is no longer recent. */
export function refreshAccount(): void {
  void queryClient.invalidateQueries({ queryKey: screenKeys.account });
}
