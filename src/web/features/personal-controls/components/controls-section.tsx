import { type ReactNode, type RefObject, useId } from 'react';

// One section of the Mute and block page (/profile/controls): a card named by its heading, a line
// saying what the control does and how many of the cap are used. The heading takes focus when a change takes away the row whose button had it (Remove,
// Unmute, Unblock, Undo), so a keyboard stays in the section rather than falling to the page's top.
export function ControlsSection({
  title,
  headingRef,
  description,
  used,
  children,
}: {
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  description: ReactNode;
  /** "3 of 100 used", once the list is in. */
  used: string | null;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold focus:outline-none focus-visible:outline-2"
        >
          {title}
        </h2>
        {used ? <p className="text-sm text-slate-600 dark:text-slate-400">{used}</p> : null}
      </div>
      <div className="mt-2 space-y-2 text-sm text-slate-600 dark:text-slate-300">{description}</div>
      {children}
    </section>
  );
}

/** "3 of 1,000 used": how much of a control's cap is taken. */
export const usedOf = (count: number, limit: number) =>
  `${count.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} used`;

/** A list's rows, in the section's frame. */
export const listClasses =
  'mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800';

/** What a list says while it is empty. */
export const emptyClasses = 'mt-2 text-slate-600 dark:text-slate-300';
