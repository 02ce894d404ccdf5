import { DocumentTitle } from '../../components/document-title';
import { composeButtonClasses } from '../../components/ui/control-classes';
import { paths } from '../../config/paths';
import { useNotFoundStatus } from '../../lib/redirect';
import { Link } from '../../lib/router';

export function NotFoundRoute() {
  useNotFoundStatus(true);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      <DocumentTitle title="Page not found" />
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">
        This page is not in the yearbook. The link may be mistyped, or the page may have moved.
      </p>
      <Link to={paths.home.getHref()} className={composeButtonClasses({ className: 'mt-8' })}>
        Back to home
      </Link>
    </div>
  );
}
