// What staff fill in to remove someone else's post or a held post (issue #47): the rule of the Terms it
// broke and the facts, in the author's statement of reasons. A native modal <dialog> (focus moves in
// and stays, Escape cancels), checked by the server's own schema before anything is sent; a refusal is
// shown in the dialog, which stays open until the removal is done. Staff only: its own chunk.
import { useEffect, useId, useRef, useState } from 'react';
import {
  REMOVAL_FACTS_MAX_LENGTH,
  type RemovalRequest,
  removalRequestSchema,
  TERMS_RULES,
  TERMS_RULES_SECTION,
} from '../../shared/appeals';
import { ApiError } from '../lib/api-client';
import { checkWith, useForm } from '../lib/use-form';
import { composeButtonClasses } from './ui/control-classes';

type Values = { rule: string; facts: string };
const initial: Values = { rule: '', facts: '' };

export function RemovalDialog({
  open,
  title,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  onCancel: () => void;
  /** Sends the removal; a thrown refusal is shown in the dialog. */
  onConfirm: (request: RemovalRequest) => Promise<unknown>;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const factsId = useId();
  const [failed, setFailed] = useState<string | null>(null);
  const form = useForm<Values, RemovalRequest>({
    initial,
    check: checkWith(removalRequestSchema) as never,
  });
  const { error: factsError, ...facts } = form.field('facts');

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts empty; reset only sets state.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      form.reset();
      setFailed(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = form.handleSubmit(async (request: RemovalRequest) => {
    setFailed(null);
    try {
      await onConfirm(request);
    } catch (problem) {
      if (!form.refuse(problem)) {
        setFailed(
          problem instanceof ApiError ? problem.message : 'Failed to remove the post. Please try again.',
        );
      }
    }
  });

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onCancel}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-900 dark:text-white"
    >
      <form onSubmit={(event) => void submit(event)} className="p-5" noValidate>
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Its author is sent a statement of reasons: the rule and your facts, never your name or who reported
          it. They may appeal once, to another moderator.
        </p>
        <fieldset
          className="mt-4 space-y-1"
          aria-invalid={form.errors.rule ? true : undefined}
          aria-describedby={form.errors.rule ? `${titleId}-rule-error` : undefined}
        >
          <legend className="text-sm font-semibold">
            Rule broken (Terms §{TERMS_RULES_SECTION.number}, {TERMS_RULES_SECTION.title})
          </legend>
          {TERMS_RULES.map((rule) => (
            <label
              key={rule.id}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <input
                type="radio"
                name="rule"
                value={rule.id}
                checked={form.values.rule === rule.id}
                onChange={() => form.setValue('rule', rule.id)}
                className="size-4 accent-brand-600"
              />
              {rule.label}
            </label>
          ))}
        </fieldset>
        {form.errors.rule ? (
          <p
            id={`${titleId}-rule-error`}
            role="alert"
            className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
          >
            {form.errors.rule}
          </p>
        ) : null}
        <label htmlFor={factsId} className="mt-4 block text-sm font-semibold">
          Facts (what in the post broke the rule)
        </label>
        <textarea
          id={factsId}
          {...facts}
          rows={3}
          maxLength={REMOVAL_FACTS_MAX_LENGTH}
          aria-invalid={factsError ? true : undefined}
          aria-describedby={factsError ? `${factsId}-error` : undefined}
          className="mt-1 block w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-white"
        />
        {factsError ? (
          <p
            id={`${factsId}-error`}
            role="alert"
            className="mt-1 text-sm font-medium text-red-700 dark:text-red-300"
          >
            {factsError}
          </p>
        ) : null}
        {failed ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700 dark:text-red-300">
            {failed}
          </p>
        ) : null}
        <div className="mt-5 flex justify-end gap-2">
          <button
            type="button"
            onClick={onCancel}
            className={composeButtonClasses({ variant: 'secondary', size: 'sm' })}
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={form.pending}
            className={composeButtonClasses({ variant: 'danger', size: 'sm' })}
          >
            Remove post
          </button>
        </div>
      </form>
    </dialog>
  );
}
