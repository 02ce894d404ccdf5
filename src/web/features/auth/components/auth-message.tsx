import { Icon } from '../../../components/icons/icon';

export type AuthMessageContent = { tone: 'info' | 'error'; text: string; id: number };

// The live region stays mounted (and never display:none) so assistive tech is already listening when a message appears; the
// keyed <p> makes a repeated message count as new and be announced again.
export function AuthMessage({ message }: { message: AuthMessageContent | null }) {
  return (
    <div role="status" aria-live="polite">
      {message ? (
        <p
          key={message.id}
          className={
            message.tone === 'error'
              ? 'mt-4 flex gap-2.5 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200'
              : 'mt-4 flex gap-2.5 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-800 dark:bg-brand-950/70 dark:text-brand-100'
          }
        >
          {message.tone === 'error' ? (
            <Icon name="circle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <Icon name="info" className="mt-0.5 size-4 shrink-0" />
          )}
          <span>{message.text}</span>
        </p>
      ) : null}
    </div>
  );
}
