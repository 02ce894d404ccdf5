// Profiles on the client: one profile page's answer (cached and kept across reloads for the SPEC §9
// fallback), setup, edit and the picture upload. Mutations update the caches they change.
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { SessionResponse } from '../../../../shared/auth';
import type {
  CreateProfileRequest,
  Profile,
  UpdateProfileRequest,
  UpdateProfileResponse,
  UsernameAvailability,
} from '../../../../shared/profiles';
import { NO_PERMISSIONS } from '../../../../shared/values/auth';
import { apiRequest } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { swappingSession } from '../../../lib/session-swap';

const profilePath = (username: string) => `/api/profiles/${encodeURIComponent(username)}`;

export const profileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: queryKeys.profiles.one(username),
    queryFn: ({ signal }) => apiRequest<Profile>(profilePath(username), { signal }),
    // SPEC §3 profile_page_{username}: the last answer is kept, so a slow or failed load can show it.
    meta: { persist: true },
  });

export async function checkUsername(username: string, signal?: AbortSignal): Promise<UsernameAvailability> {
  signal?.throwIfAborted();
  return apiRequest<UsernameAvailability>(`/api/usernames/${encodeURIComponent(username)}`, {
    signal,
  });
}

/**
 * The cached session learns the profile, so the auth gate lets the person through (and sends them on
 * from setup: call it when setup is done, picture included).
 */
export function rememberProfile(profile: Profile): void {
  queryClient.setQueryData<SessionResponse>(queryKeys.session, (session) =>
    session
      ? {
          ...session,
          needsProfileSetup: false,
          profile: {
            username: profile.username,
            fullName: profile.fullName,
            userType: session.profile?.userType ?? 'ordinary',
            // Until the session is asked again (below): the server's policies decide.
            permissions: session.profile?.permissions ?? NO_PERMISSIONS,
            profilePictureUrl: profile.profilePictureUrl,
          },
        }
      : session,
  );
  queryClient.setQueryData(profileQueryOptions(profile.username).queryKey, profile);
  // The role comes from the server (ADMIN_EMAILS may have made this account an admin).
  void queryClient.invalidateQueries({ queryKey: queryKeys.session });
}

export function useCreateProfile() {
  return useMutation({
    mutationFn: (input: CreateProfileRequest) =>
      apiRequest<Profile>('/api/profiles', { method: 'POST', body: input }),
  });
}

export function useUpdateProfile(username: string) {
  return useMutation({
    mutationFn: (input: UpdateProfileRequest) => {
      const send = () =>
        apiRequest<UpdateProfileResponse>(profilePath(username), { method: 'PATCH', body: input });
      // A new password replaces the session: what listens on the old one lets go until the answer.
      return input.passwordChange ? swappingSession(send) : send();
    },
    onSuccess: ({ profile }) => rememberProfile(profile),
  });
}

export function uploadProfilePhoto(username: string, photo: Blob): Promise<Profile> {
  return apiRequest<Profile>(`${profilePath(username)}/photo`, { method: 'PUT', body: photo });
}
