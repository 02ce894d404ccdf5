import { useEffect, useId, useState } from 'react';
import { NOTIFICATION_MESSAGES } from '../../../../shared/values/notifications';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { failureMessage } from '../../../lib/api-client';
import {
  type DevicePush,
  PushUnavailableError,
  readDevicePush,
  turnPushOff,
  turnPushOn,
} from '../api/push-device';

/** What the switch says under it, for each state of this device. */
const EXPLANATION: Record<DevicePush | 'checking', string> = {
  checking: 'Checking this device...',
  unsupported:
    'This browser cannot show push notifications. On an iPhone or iPad, add Campus Yearbook to your Home Screen and turn them on there.',
  'server-off': 'Push notifications are not set up on this server.',
  blocked:
    "Your browser blocks notifications from this site. Allow them in the browser's settings for this site, then turn this on.",
  off: 'Get a notification on this device for the kinds ticked "Push" below. Your browser asks you first.',
  on: 'This device gets the kinds ticked "Push" below. Signing out here turns it off.',
};

const UNAVAILABLE: Record<PushUnavailableError['reason'], string> = {
  'server-off': EXPLANATION['server-off'],
  'no-worker': 'The app is still starting on this device. Reload the page and try again.',
};

// Push notifications on this device (issue #51): a switch (role="switch"), saved as soon as it is
// turned, apart from the per-kind choices below it, which are the account's and go with Save. The
// browser asks for permission only when the person turns it on.
export function PushDeviceSwitch() {
  const [state, setState] = useState<DevicePush | 'checking'>('checking');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const labelId = useId();
  const explanationId = useId();

  useEffect(() => {
    let current = true;
    readDevicePush()
      .then((found) => {
        if (current) setState(found);
      })
      .catch((problem: unknown) => {
        if (!current) return;
        setState('off');
        setOutcome({ tone: 'error', text: failureMessage(problem, NOTIFICATION_MESSAGES.signedOut) });
      });
    return () => {
      current = false;
    };
  }, []);

  async function toggle() {
    setBusy(true);
    setOutcome(null);
    try {
      if (state === 'on') {
        await turnPushOff();
        setState('off');
        setOutcome({ tone: 'ok', text: 'Push notifications are off on this device.' });
        return;
      }
      const turned = await turnPushOn();
      if (turned === 'on') {
        setState('on');
        setOutcome({ tone: 'ok', text: 'Push notifications are on for this device.' });
      } else if (turned === 'blocked') {
        setState('blocked');
      } else {
        setOutcome({
          tone: 'error',
          text: 'Notifications were not allowed. Turn this on again to be asked again.',
        });
      }
    } catch (problem) {
      setOutcome({
        tone: 'error',
        text:
          problem instanceof PushUnavailableError
            ? UNAVAILABLE[problem.reason]
            : failureMessage(problem, NOTIFICATION_MESSAGES.signedOut),
      });
    } finally {
      setBusy(false);
    }
  }

  const on = state === 'on';
  const usable = state === 'on' || state === 'off';
  return (
    <div className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
      <div className="flex items-center justify-between gap-4">
        <span id={labelId} className="font-medium text-slate-900 dark:text-white">
          Push notifications on this device
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby={labelId}
          aria-describedby={explanationId}
          aria-busy={busy || state === 'checking'}
          disabled={!usable || busy}
          onClick={() => void toggle()}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60 ${
            on ? 'bg-brand-600' : 'bg-slate-500 dark:bg-slate-600'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block size-6 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5' : 'translate-x-0'}`}
          />
        </button>
      </div>
      <p id={explanationId} aria-live="polite" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {busy ? (on ? 'Turning off...' : 'Turning on...') : EXPLANATION[state]}
      </p>
      <FormOutcome outcome={outcome} className="mt-3" />
    </div>
  );
}
