import { composeButtonClasses } from './control-classes';

// A list that failed to load: the page's own message (SPEC §8) and a Try Again button that refetches.
export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={`rounded-2xl border border-red-200 bg-red-50 p-5 dark:border-red-900 dark:bg-red-950/40 ${className ?? ''}`}
    >
      <p className="font-medium text-red-800 dark:text-red-300">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className={composeButtonClasses({ variant: 'secondary', size: 'sm', className: 'mt-3' })}
      >
        Try Again
      </button>
    </div>
  );
}
