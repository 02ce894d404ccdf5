import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminUser } from '../../../../shared/admin-users';
import { USER_TYPES, type UserType } from '../../../../shared/roles';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { inputClasses } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { Link, useSearchParams } from '../../../lib/router';
import { useForm } from '../../../lib/use-form';
import { adminUsersQueryOptions, useSetSuspension, useSetUserRole } from '../api/admin-users-api';

const ROLE_LABELS: Record<UserType, string> = {
  admin: 'Admin',
  moderator: 'Moderator',
  ordinary: 'Ordinary',
};

// Admins: find an account, set its role, suspend or restore it. The search lives in the address
// (?q=) so a reload or a shared link shows the same list.
export function AdminUsersRoute() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const form = useForm({ initial: { q: query } });
  const { error: _none, ...search } = form.field('q');
  const [status, setStatus] = useState<FormOutcomeState>(null);
  const list = useInfiniteQuery(adminUsersQueryOptions(query));
  const users = list.data?.pages.flatMap((page) => page.users) ?? [];

  const submit = form.handleSubmit(({ q }) => {
    const next = q.trim();
    setParams(next ? { q: next } : {});
  });

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Manage users" />
      <h1 className="text-3xl font-bold tracking-tight">Manage users</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Give moderators and admins their roles, and suspend accounts that break the rules. A suspended account
        is signed out everywhere and cannot sign in until it is restored.
      </p>

      <search className="mt-6 block">
        <form onSubmit={(event) => void submit(event)} className="flex gap-2">
          <label htmlFor="user-search" className="sr-only">
            Search users
          </label>
          <input
            id="user-search"
            type="search"
            {...search}
            placeholder="Username or name"
            maxLength={50}
            className={`${inputClasses} border-slate-300 dark:border-slate-700`}
          />
          <button type="submit" className={composeButtonClasses()}>
            <Icon name="search" className="size-4" />
            Search
          </button>
        </form>
      </search>

      <FormOutcome outcome={status} look="line" className="mt-4 min-h-6" />

      {list.isPending ? (
        <p className="mt-6 flex items-center gap-2 text-slate-600 dark:text-slate-300">
          <Icon name="loader-circle" className="size-5 animate-spin motion-reduce:animate-none" />
          Loading users...
        </p>
      ) : list.isError ? (
        <LoadError
          className="mt-6"
          message="Failed to load users. Please try again."
          onRetry={() => void list.refetch()}
        />
      ) : users.length === 0 ? (
        <p className="mt-6 text-slate-600 dark:text-slate-300">No users found.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
          {users.map((user) => (
            <UserRow key={user.username} user={user} onStatus={setStatus} />
          ))}
        </ul>
      )}

      <LoadMoreButton list={list} label="More" className="mt-4" />
    </div>
  );
}

function UserRow({
  user,
  onStatus,
}: {
  user: AdminUser;
  onStatus: (status: { tone: 'ok' | 'error'; text: string }) => void;
}) {
  const setRole = useSetUserRole();
  const setSuspension = useSetSuspension();
  const busy = setRole.isPending || setSuspension.isPending;

  function changeRole(userType: UserType) {
    setRole.mutate(
      { username: user.username, userType },
      {
        onSuccess: (saved) =>
          onStatus({ tone: 'ok', text: `@${saved.username} is now ${ROLE_LABELS[saved.userType]}.` }),
        onError: (error) => onStatus({ tone: 'error', text: error.message }),
      },
    );
  }

  async function toggleSuspension() {
    const suspend = !user.suspended;
    const confirmed = await confirmAction(
      suspend
        ? {
            title: `Suspend @${user.username}?`,
            message: 'They are signed out everywhere and cannot sign in until restored.',
            confirmLabel: 'Suspend',
            destructive: true,
          }
        : {
            title: `Restore @${user.username}?`,
            message: 'They can sign in again.',
            confirmLabel: 'Restore',
          },
    );
    if (!confirmed) return;
    setSuspension.mutate(
      { username: user.username, suspended: suspend },
      {
        onSuccess: (saved) =>
          onStatus({
            tone: 'ok',
            text: `@${saved.username} is ${saved.suspended ? 'suspended' : 'restored'}.`,
          }),
        onError: (error) => onStatus({ tone: 'error', text: error.message }),
      },
    );
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 p-4">
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">
          {user.fullName}
          {user.suspended ? (
            <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 dark:bg-red-950 dark:text-red-300">
              <Icon name="shield-exclamation-point" className="size-3.5" />
              Suspended
            </span>
          ) : null}
        </p>
        <Link
          to={paths.userProfile.getHref(user.username)}
          className="text-sm text-slate-600 hover:underline dark:text-slate-300"
        >
          @{user.username}
        </Link>
        {user.canChange ? null : <p className="text-xs text-slate-600 dark:text-slate-400">This is you.</p>}
      </div>
      <label className="sr-only" htmlFor={`role-${user.username}`}>
        Role of @{user.username}
      </label>
      <select
        id={`role-${user.username}`}
        value={user.userType}
        disabled={!user.canChange || busy}
        onChange={(event) => changeRole(event.target.value as UserType)}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-950"
      >
        {USER_TYPES.map((type) => (
          <option key={type} value={type}>
            {ROLE_LABELS[type]}
          </option>
        ))}
      </select>
      <button
        type="button"
        onClick={() => void toggleSuspension()}
        disabled={!user.canChange || busy}
        className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
      >
        {user.suspended ? 'Restore' : 'Suspend'}
        <span className="sr-only"> @{user.username}</span>
      </button>
    </li>
  );
}
