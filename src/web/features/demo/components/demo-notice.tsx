import { Icon } from '../../../components/icons/icon';
import { textLinkClasses } from '../../../components/ui/control-classes';
import { paths } from '../../../config/paths';
import { Link } from '../../../lib/router';

// Visitors land here from Demo Sign In believing they are signed in; say up front that this is sample
// data, so a disabled like button or a missing Create button is not mistaken for a bug.
export function DemoNotice() {
  return (
    <div
      role="note"
      aria-label="About the demo"
      className="flex gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm leading-6 text-brand-950 dark:border-brand-800 dark:bg-brand-950/70 dark:text-brand-50"
    >
      <Icon name="info" className="mt-1 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
      <p>
        <strong className="font-semibold">You are viewing the demo profile.</strong> Its posts and details are
        built into the app and nothing you do here is saved. Liking and posting need a real account.{' '}
        <Link to={paths.home.getHref()} className={`${textLinkClasses} underline`}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
