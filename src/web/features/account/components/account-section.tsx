import { type ReactNode, useId } from 'react';

// One section of the account page (/profile/account): a bordered card named by its heading. The
// deletion section is drawn in red.
export function AccountSection({
  title,
  danger = false,
  children,
}: {
  title: string;
  danger?: boolean;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`mt-8 rounded-2xl border bg-white p-5 sm:p-8 dark:bg-slate-900 ${
        danger ? 'border-red-300 dark:border-red-900' : 'border-slate-200 dark:border-slate-800'
      }`}
    >
      <h2
        id={headingId}
        className={danger ? 'text-xl font-semibold text-red-800 dark:text-red-300' : 'text-xl font-semibold'}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
