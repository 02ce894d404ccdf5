// Signatures on the client (issue #52, decision 040): a person's yearbook (approved ones, a page at a
// time), the viewer's own signature in someone's yearbook (write, edit, withdraw), and the owner's
// pending ones (approve, remove). Each change updates the lists it touches and nothing else.
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type {
  MySignature,
  PendingSignaturePage,
  SignaturePage,
  WriteSignatureRequest,
} from '../../../../shared/signatures';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { screenKeys } from '../../../lib/screen-keys';

/** Said when the owner's Remove fails (both lists have it). */
export const REMOVE_FAILED = 'The signature could not be removed. Please try again.';

const pagePath = (path: string, cursor: string | null) =>
  cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;
const profilePath = (username: string) => `/api/profiles/${encodeURIComponent(username)}`;

/** A person's yearbook: the signatures they approved, newest first. */
export const signatureBookQueryOptions = (username: string) =>
  infiniteQueryOptions({
    queryKey: screenKeys.signatures.book(username),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<SignaturePage>(pagePath(`${profilePath(username)}/signatures`, pageParam), { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });

/** The viewer's own signature in someone else's yearbook, or null. */
export const mySignatureQueryOptions = (username: string) =>
  queryOptions({
    queryKey: screenKeys.signatures.mine(username),
    queryFn: ({ signal }) => apiRequest<MySignature>(`${profilePath(username)}/signature`, { signal }),
  });

/** The signatures waiting for the viewer's approval (their own profile). */
export const pendingSignaturesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: screenKeys.signatures.pending,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<PendingSignaturePage>(pagePath('/api/signatures/pending', pageParam), { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });

/** Sign, or edit one's signature while it waits: the answer is the signature as it now is. */
export function useWriteSignature(username: string) {
  return useMutation({
    mutationFn: (request: WriteSignatureRequest) =>
      apiRequest<MySignature>(`${profilePath(username)}/signature`, { method: 'PUT', body: request }),
    onSuccess: (answer) => queryClient.setQueryData(screenKeys.signatures.mine(username), answer),
    // Approved meanwhile (409): the page shows it as it now is.
    onError: () => void queryClient.invalidateQueries({ queryKey: screenKeys.signatures.mine(username) }),
  });
}

export function useWithdrawSignature(username: string) {
  return useMutation({
    mutationFn: () => apiRequest<void>(`${profilePath(username)}/signature`, { method: 'DELETE' }),
    onSuccess: () =>
      queryClient.setQueryData<MySignature>(screenKeys.signatures.mine(username), { signature: null }),
    onError: () => void queryClient.invalidateQueries({ queryKey: screenKeys.signatures.mine(username) }),
  });
}

/**
 * The owner's decisions: both change the pending list and the book; the signature's notification is
 * read (approved) or gone (removed), so the bell and the list are asked again too.
 */
function afterDecision(owner: string) {
  void queryClient.invalidateQueries({ queryKey: screenKeys.signatures.pending });
  void queryClient.invalidateQueries({ queryKey: screenKeys.signatures.book(owner) });
  void queryClient.invalidateQueries({ queryKey: screenKeys.notifications('unread') });
  void queryClient.invalidateQueries({ queryKey: screenKeys.notifications('list') });
}

export function useApproveSignature(owner: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/signatures/${encodeURIComponent(id)}/approval`, { method: 'POST' }),
    onSettled: () => afterDecision(owner),
  });
}

export function useRemoveSignature(owner: string) {
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/signatures/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => afterDecision(owner),
  });
}
