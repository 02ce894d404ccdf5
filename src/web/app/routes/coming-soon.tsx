import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { DocumentTitle } from '../../components/document-title';
import { composeButtonClasses } from '../../components/ui/control-classes';
import { paths } from '../../config/paths';

// One placeholder for every screen that is not built yet; the router passes the screen's name. Each
// feature replaces its route with the real page.
export function ComingSoonRoute({ screen }: { screen: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <DocumentTitle title={screen} />
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <Hammer className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
        Coming soon
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{screen}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        This screen arrives in a coming release. We are building it now; until then, the rest of Campus
        Yearbook is open to explore.
      </p>
      <Link to={paths.home.getHref()} className={composeButtonClasses({ className: 'mt-8' })}>
        Back to home
      </Link>
    </div>
  );
}
