import { useId, useState } from 'react';
import { NOTIFICATION_LIMITS } from '../../../../shared/values/notifications';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { TextAreaField } from '../../../components/ui/text-field';
import { checkBy, useForm } from '../../../lib/use-form';
import { useSendNotificationToEveryone } from '../api/admin-notification-api';

const checkText = checkBy(({ text }: { text: string }) => ({
  text: text.trim() ? undefined : 'Write the notice first.',
}));

const sent = (count: number) => `Sent to ${count} ${count === 1 ? 'member' : 'members'}.`;

// Admins (issue #28): a notice that reaches every member's notifications (and their digests, if they
// take them), unlike the dashboard notice above it, which each browser shows once. It cannot be taken
// back, so it is confirmed first.
export function SendNotificationForm() {
  const textId = useId();
  const form = useForm({ initial: { text: '' }, check: checkText });
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const send = useSendNotificationToEveryone();
  const text = form.values.text;

  const submit = form.handleSubmit(async () => {
    setOutcome(null);
    const confirmed = await confirmAction({
      title: 'Send this to every member?',
      message: 'It appears in everyone’s notifications at once and cannot be taken back.',
      confirmLabel: 'Send to everyone',
    });
    if (!confirmed) return;
    send.mutate(text, {
      onSuccess: ({ sent: count }) => {
        form.setValue('text', '');
        setOutcome({ tone: 'ok', text: sent(count) });
      },
      onError: (error) => {
        if (!form.refuse(error)) setOutcome({ tone: 'error', text: error.message });
      },
    });
  });

  return (
    <section
      aria-labelledby={`${textId}-heading`}
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${textId}-heading`} className="text-xl font-semibold tracking-tight">
        Send a notification to everyone
      </h2>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        Every member finds it in their notifications, marked as a notice from the admins. Links in it work.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="mt-5 space-y-4">
        <TextAreaField
          label="Notification"
          rows={4}
          maxLength={NOTIFICATION_LIMITS.notice}
          {...form.field('text')}
          hint={`${text.length} / ${NOTIFICATION_LIMITS.notice} characters`}
        />
        <FormOutcome outcome={outcome} />
        <button type="submit" disabled={send.isPending} className={composeButtonClasses()}>
          {send.isPending ? 'Sending...' : 'Send to everyone'}
        </button>
      </form>
    </section>
  );
}
