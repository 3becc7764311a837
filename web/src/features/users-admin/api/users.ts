import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountDeletionResponseSchema } from '@gm/shared/admin/account-deletion';
import {
  adminUserListSchema,
  userFlagAnswerSchema,
  type AdminUserList,
  type UserFlagAnswer,
  type UserFlagPath,
} from '@gm/shared/admin/users';
import { api } from '../../../lib/api.ts';

/** The two tabs of /users (03 §2): buyers (role user) and sellers. */
export type UsersTab = 'user' | 'seller';
export type AdminUsersQuery = { role: UsersTab; keyword: string; page: number };

export const usersAdminKeys = {
  all: ['users-admin'] as const,
  lists: () => [...usersAdminKeys.all, 'list'] as const,
  list: (query: AdminUsersQuery) => [...usersAdminKeys.lists(), query] as const,
};

/** GET user/user-filter as an admin: one tab's users, 10 per page, keyword on username (and names of sellers). */
export function getAdminUsers(query: AdminUsersQuery, signal?: AbortSignal) {
  return api.request('user/user-filter', {
    query: { role: query.role, page: query.page, ...(query.keyword ? { keyword: query.keyword } : {}) },
    schema: adminUserListSchema,
    signal,
  });
}

/** One page of the table; the previous page stays on screen while the next one (or a search) loads. */
export function useAdminUsers(query: AdminUsersQuery) {
  return useQuery({
    queryKey: usersAdminKeys.list(query),
    queryFn: ({ signal }) => getAdminUsers(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Every row action that answers the user as it is now: it replaces the row in every cached page at once. */
function useRowUpdate() {
  const queryClient = useQueryClient();
  return ({ user }: UserFlagAnswer) => {
    queryClient.setQueriesData<AdminUserList>({ queryKey: usersAdminKeys.lists() }, (page) =>
      page ? { ...page, data: page.data.map((row) => (row.id === user.id ? user : row)) } : page,
    );
  };
}

/** PUT user/user-gift-status|user-auth-status|user-custom-order-confirmation|user-monthly-reporting-status|user-tourism-status/{id}. */
export function toggleUserFlag(flag: UserFlagPath, id: string) {
  return api.request(`user/${flag}/${encodeURIComponent(id)}`, { method: 'PUT', schema: userFlagAnswerSchema });
}

export function useToggleUserFlag() {
  const onSuccess = useRowUpdate();
  return useMutation({
    mutationFn: ({ flag, id }: { flag: UserFlagPath; id: string }) => toggleUserFlag(flag, id),
    onSuccess,
  });
}

/** PUT user/user-status/{id}: activates or deactivates the account (built by the activation slice). */
export function toggleUserStatus(id: string) {
  return api.request(`user/user-status/${encodeURIComponent(id)}`, { method: 'PUT', schema: userFlagAnswerSchema });
}

export function useToggleUserStatus() {
  const onSuccess = useRowUpdate();
  return useMutation({ mutationFn: toggleUserStatus, onSuccess });
}

/** DELETE user/{id} (built by the deletion slice); the list is read again afterwards. */
export function deleteUser(id: string) {
  return api.request(`user/${encodeURIComponent(id)}`, { method: 'DELETE', schema: accountDeletionResponseSchema });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersAdminKeys.lists() }),
  });
}
