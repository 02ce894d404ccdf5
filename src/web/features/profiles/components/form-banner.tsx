import { Icon } from '../../../components/icons/icon';

// A form's outcome above its buttons: errors as an alert (read at once), success as a status.
export function FormBanner({ tone, message }: { tone: 'error' | 'success'; message: string }) {
  const icon = tone === 'error' ? 'circle-exclamation-point' : 'circle-check';
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-xl border px-4 py-3 text-sm font-medium ${
        tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-200'
          : 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200'
      }`}
    >
      <Icon name={icon} className="mt-0.5 size-4 shrink-0" />
      {message}
    </p>
  );
}
