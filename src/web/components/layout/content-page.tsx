import type { ReactNode } from 'react';
import { DocumentTitle } from '../document-title';

type ContentPageProps = {
  /** Used for the h1 and the document title. */
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  meta?: ReactNode;
  children: ReactNode;
};

// Frame for the long-form public pages (about, terms, privacy, contact): one h1, a lead, then prose.
export function ContentPage({ title, eyebrow, lead, meta, children }: ContentPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 pt-12 pb-20 sm:px-6 sm:pt-16">
      <DocumentTitle title={title} />
      <header className="border-b border-slate-200 pb-8 dark:border-slate-800">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {title}
        </h1>
        {lead ? <p className="mt-4 text-lg leading-8 text-slate-700 dark:text-slate-300">{lead}</p> : null}
        {meta ? <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{meta}</p> : null}
      </header>
      <div className="prose-page">{children}</div>
    </article>
  );
}
