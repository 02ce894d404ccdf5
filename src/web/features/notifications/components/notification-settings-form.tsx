import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { NotificationSetting } from '../../../../shared/notifications';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_MESSAGES,
  type NotificationDigest,
} from '../../../../shared/values/notifications';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { failureMessage } from '../../../lib/api-client';
import { useForm } from '../../../lib/use-form';
import {
  notificationSettingsQueryOptions,
  useSaveNotificationSettings,
} from '../api/notification-settings-api';
import { PushDeviceSwitch } from './push-device-switch';

const DIGEST_LABELS: Record<NotificationDigest, string> = { off: 'Off', daily: 'Daily', weekly: 'Weekly' };
const DIGEST_ORDER: NotificationDigest[] = ['off', 'daily', 'weekly'];

// The settings of each kind of notification (issue #28): shown here and counted by the bell, or not;
// mailed in a daily or weekly digest, or not; pushed to the devices where push is on, or not (issue
// #51), with the switch for this device above them. Loaded when first opened (notifications-route.tsx).
export function NotificationSettingsForm() {
  return (
    <>
      <PushDeviceSwitch />
      <div className="mt-4">
        <KindsForm />
      </div>
    </>
  );
}

function KindsForm() {
  const settings = useQuery(notificationSettingsQueryOptions);
  if (settings.data) return <SettingsForm initial={settings.data.settings} />;
  if (settings.isError) {
    return (
      <LoadError
        message={failureMessage(settings.error, NOTIFICATION_MESSAGES.signedOut)}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <LoadingStatus>Loading your settings...</LoadingStatus>;
}

function SettingsForm({ initial }: { initial: NotificationSetting[] }) {
  const form = useForm({ initial: { settings: initial } });
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const save = useSaveNotificationSettings();
  const draft = form.values.settings;

  function change(kind: NotificationSetting['kind'], part: Partial<NotificationSetting>) {
    setOutcome(null);
    form.setValue(
      'settings',
      draft.map((setting) => (setting.kind === kind ? { ...setting, ...part } : setting)),
    );
  }

  const submit = form.handleSubmit(({ settings }) => {
    setOutcome(null);
    save.mutate(
      { settings },
      {
        onSuccess: (saved) => {
          form.setValue('settings', saved.settings);
          setOutcome({ tone: 'ok', text: 'Settings saved.' });
        },
        onError: (problem) =>
          setOutcome({ tone: 'error', text: failureMessage(problem, NOTIFICATION_MESSAGES.signedOut) }),
      },
    );
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {draft.map((setting) => (
          <li key={setting.kind}>
            <KindSettings setting={setting} disabled={save.isPending} onChange={change} />
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Digests go to your account's email address and list only what is still unread. "Show in app" decides
        what this page and the bell show. "Push" is for every device where push notifications are on; a kind
        not shown in the app is never pushed.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="submit" disabled={save.isPending} className={composeButtonClasses()}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </button>
        <FormOutcome outcome={outcome} look="line" />
      </div>
    </form>
  );
}

function KindSettings({
  setting,
  disabled,
  onChange,
}: {
  setting: NotificationSetting;
  disabled: boolean;
  onChange: (kind: NotificationSetting['kind'], part: Partial<NotificationSetting>) => void;
}) {
  const id = useId();
  return (
    // A group named by its kind, so "Show in app" and "Email digest" say which kind they are for.
    // The legend sits in the fieldset's top edge, above its padding: its own padding spaces it.
    <fieldset className="pb-4">
      <legend className="pt-4 font-medium text-slate-900 dark:text-white">
        {NOTIFICATION_KIND_LABELS[setting.kind]}
      </legend>
      <div className="mt-2 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
        <label className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={setting.inApp}
            disabled={disabled}
            onChange={(event) => onChange(setting.kind, { inApp: event.target.checked })}
            className="size-4 accent-brand-600"
          />
          Show in app
        </label>
        <label className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
          <input
            type="checkbox"
            checked={setting.push}
            disabled={disabled}
            onChange={(event) => onChange(setting.kind, { push: event.target.checked })}
            className="size-4 accent-brand-600"
          />
          Push
        </label>
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-digest`} className="text-slate-800 dark:text-slate-200">
            Email digest
          </label>
          <select
            id={`${id}-digest`}
            value={setting.digest}
            disabled={disabled}
            onChange={(event) => onChange(setting.kind, { digest: event.target.value as NotificationDigest })}
            className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
          >
            {DIGEST_ORDER.map((digest) => (
              <option key={digest} value={digest}>
                {DIGEST_LABELS[digest]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}
