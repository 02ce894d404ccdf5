import { useState } from 'react';
import { NOTIFICATION_MESSAGES } from '../../../../shared/values/notifications';
import { DocumentTitle } from '../../../components/document-title';
import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { paths } from '../../../config/paths';
import { Link, useSearchParams } from '../../../lib/router';
import { unsubscribeFromDigests } from '../api/unsubscribe';

type State = { step: 'ready' | 'sending' } | { step: 'done' } | { step: 'failed'; message: string };

// Where a digest email's unsubscribe link lands (/unsubscribe?token=…), open to anyone with the link.
// Opening it changes nothing (mail scanners open links before people do): the button does.
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>(
    token ? { step: 'ready' } : { step: 'failed', message: NOTIFICATION_MESSAGES.badToken },
  );

  async function unsubscribe() {
    setState({ step: 'sending' });
    try {
      await unsubscribeFromDigests(token);
      setState({ step: 'done' });
    } catch (problem) {
      setState({ step: 'failed', message: problem instanceof Error ? problem.message : String(problem) });
    }
  }

  return (
    <div className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <DocumentTitle title="Digest emails" />
      <div className="rounded-3xl border border-slate-200 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <Icon name="mail" className="size-8 text-brand-700 dark:text-brand-300" />
        <h1 className="mt-3 text-2xl font-bold tracking-tight">Digest emails</h1>
        {state.step === 'done' ? (
          <p role="status" className="mt-3 text-slate-700 dark:text-slate-300">
            {NOTIFICATION_MESSAGES.unsubscribed}
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              Stop the emails that sum up your unread notifications. Nothing changes until you press the
              button.
            </p>
            <button
              type="button"
              onClick={() => void unsubscribe()}
              disabled={!token || state.step === 'sending'}
              className={composeButtonClasses({ className: 'mt-6 w-full' })}
            >
              {state.step === 'sending' ? 'Stopping...' : 'Stop digest emails'}
            </button>
            {state.step === 'failed' ? (
              <p role="alert" className="mt-4 text-sm font-medium text-red-700 dark:text-red-400">
                {state.message}
              </p>
            ) : null}
          </>
        )}
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
          Signed in? Choose what is emailed to you, kind by kind, in your{' '}
          {/* #settings opens them (notifications-route.tsx). */}
          <Link to={`${paths.notifications.getHref()}#settings`} className={textLinkClasses}>
            notification settings
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
