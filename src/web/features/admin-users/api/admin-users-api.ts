// Admin user management: the paged list (infinite query) and the two changes, which refresh the list.
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUsersPage } from '../../../../shared/admin-users';
import type { UserType } from '../../../../shared/roles';
import { apiRequest } from '../../../lib/api-client';
import { screenKeys } from '../../../lib/screen-keys';

export function adminUsersQueryOptions(query: string) {
  return infiniteQueryOptions({
    queryKey: screenKeys.adminUsers.list(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (query) params.set('query', query);
      if (pageParam) params.set('after', pageParam);
      return apiRequest<AdminUsersPage>(`/api/admin/users?${params}`, { signal });
    },
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 0,
  });
}

function putUser(username: string, action: 'role' | 'suspension', body: unknown): Promise<AdminUser> {
  const path = `/api/admin/users/${encodeURIComponent(username)}/${action}`;
  return apiRequest<AdminUser>(path, { method: 'PUT', body });
}

export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, userType }: { username: string; userType: UserType }) =>
      putUser(username, 'role', { userType }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenKeys.adminUsers.all }),
  });
}

export function useSetSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ username, suspended }: { username: string; suspended: boolean }) =>
      putUser(username, 'suspension', { suspended }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screenKeys.adminUsers.all }),
  });
}
