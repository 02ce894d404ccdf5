import { USERNAME_MAX_LENGTH } from '../../../../shared/limits';
import { PROFILE_MESSAGES } from '../../../../shared/values/profiles';
import { Icon } from '../../../components/icons/icon';
import { TextField } from '../../../components/ui/text-field';
import type { FormFields } from '../../../lib/use-form';
import type { UsernameStatus } from '../use-username-availability';

// The username on setup (SPEC §2, §5): lower-cased as typed, its rule checked at once and its
// availability once typing pauses; the verdict is announced politely to screen readers.
export function UsernameField<Values extends { username: string }>({
  form,
  status,
}: {
  form: FormFields<Values>;
  status: UsernameStatus;
}) {
  const { error: refused, ...field } = form.field('username');
  const problem = status.state === 'invalid' || status.state === 'taken' ? status.message : undefined;

  return (
    <div>
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={USERNAME_MAX_LENGTH}
        hint={PROFILE_MESSAGES.usernameHint}
        error={problem ?? refused}
        {...field}
        onChange={(event) =>
          form.setValue('username', event.target.value.toLowerCase().replace(/\s/g, '') as Values['username'])
        }
      />
      <p aria-live="polite" className="mt-1.5 min-h-5 text-sm">
        {status.state === 'checking' ? (
          <span className="inline-flex items-center gap-1.5 text-slate-600 dark:text-slate-400">
            <Icon name="loader-circle" className="size-4 animate-spin motion-reduce:animate-none" />
            Checking availability...
          </span>
        ) : status.state === 'available' ? (
          <span className="inline-flex items-center gap-1.5 font-medium text-emerald-700 dark:text-emerald-400">
            <Icon name="check" className="size-4" />
            Username is available
          </span>
        ) : problem ? (
          // Shown under the field already; said again here so it is announced as it appears.
          <span className="sr-only">{problem}</span>
        ) : status.state === 'unknown' ? (
          <span className="text-amber-800 dark:text-amber-300">{status.message}</span>
        ) : null}
      </p>
    </div>
  );
}
