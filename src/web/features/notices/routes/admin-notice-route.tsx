import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Notice } from '../../../../shared/notices';
import { NOTICE_LIMITS } from '../../../../shared/values/notices';
import { DocumentTitle } from '../../../components/document-title';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { FormOutcome, type FormOutcomeState } from '../../../components/ui/form-outcome';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useForm } from '../../../lib/use-form';
import { noticeQueryOptions, useSaveNotice } from '../api/notice-api';
import { SendNotificationForm } from '../components/send-notification-form';

// Admins: the dashboard notice (SPEC §3: show, title, badge, paragraphs). One paragraph per block of
// text separated by a blank line. Saving shows it to every browser that has not seen this one yet.
export function AdminNoticeRoute() {
  const notice = useQuery({ ...noticeQueryOptions, staleTime: 0 });
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
      <DocumentTitle title="Dashboard notice" />
      <h1 className="text-3xl font-bold tracking-tight">Dashboard notice</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        A short message at the top of everyone's dashboard. Each browser shows it once; people can dismiss it.
      </p>
      {notice.data ? (
        <NoticeForm initial={notice.data} />
      ) : notice.isError ? (
        <p role="alert" className="mt-8 font-medium text-red-700 dark:text-red-300">
          Failed to load the notice. Please try again.
        </p>
      ) : (
        <LoadingStatus className="mt-8">Loading...</LoadingStatus>
      )}
      <SendNotificationForm />
    </div>
  );
}

function NoticeForm({ initial }: { initial: Notice }) {
  const form = useForm({
    initial: { title: initial.title, badge: initial.badge, content: initial.content.join('\n\n') },
  });
  const [show, setShow] = useState(initial.show);
  const [outcome, setOutcome] = useState<FormOutcomeState>(null);
  const save = useSaveNotice();

  const submit = form.handleSubmit(({ title, badge, content }) => {
    setOutcome(null);
    const paragraphs = content
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.trim())
      .filter(Boolean);
    save.mutate(
      { show, title, badge, content: paragraphs },
      {
        onSuccess: (saved) =>
          setOutcome({
            tone: 'ok',
            text: saved.show ? 'Saved. The notice is shown.' : 'Saved. The notice is hidden.',
          }),
        onError: (error) => {
          if (!form.refuse(error)) setOutcome({ tone: 'error', text: error.message });
        },
      },
    );
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="mt-8 space-y-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
        <input
          type="checkbox"
          checked={show}
          onChange={(event) => setShow(event.target.checked)}
          className="size-4 accent-brand-600"
        />
        Show the notice
      </label>
      <TextField label="Title" maxLength={NOTICE_LIMITS.title} {...form.field('title')} />
      <TextField label="Badge (optional)" maxLength={NOTICE_LIMITS.badge} {...form.field('badge')} />
      <TextAreaField
        label="Text"
        rows={6}
        {...form.field('content')}
        hint={`Leave a blank line between paragraphs (at most ${NOTICE_LIMITS.paragraphs}).`}
      />
      <FormOutcome outcome={outcome} />
      <button type="submit" disabled={save.isPending} className={composeButtonClasses()}>
        {save.isPending ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}
