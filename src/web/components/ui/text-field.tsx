import { type ComponentProps, type ReactNode, useId } from 'react';

// React 19 passes `ref` as a prop, so it reaches the <input> through the spread below.
type TextFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  /** Rendered inside the input's frame on the right, e.g. a show/hide button. */
  trailing?: (inputId: string) => ReactNode;
};

export const inputClasses =
  'block h-11 w-full rounded-xl border bg-white px-3.5 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 read-only:bg-slate-100 read-only:text-slate-700 sm:text-sm dark:bg-slate-950 dark:read-only:bg-slate-900 dark:read-only:text-slate-300 dark:text-white dark:placeholder:text-slate-400';

// A labelled input whose error and hint are tied to it with aria-describedby, so screen readers
// read the message with the field.
export function TextField({ label, error, hint, trailing, ...inputProps }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const border = error
    ? 'border-red-600 dark:border-red-400'
    : 'border-slate-300 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-600';

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="relative mt-1.5">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClasses} ${border} ${trailing ? 'pr-12' : ''}`}
          {...inputProps}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing(id)}</div>
        ) : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id' | 'className'> & {
  label: string;
  /** Said under the field and read with it (a count, how to write it). */
  hint: ReactNode;
  error?: string | undefined;
};

/** A labelled textarea with its hint and error tied to it, as TextField's (the admins' notice forms). */
export function TextAreaField({ label, hint, error, ...textareaProps }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="mt-1.5 block w-full rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 focus:outline-none focus-visible:outline-2 sm:text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-white"
        {...textareaProps}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
