import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { paths } from '../../../config/paths';
import { Link } from '../../../lib/router';

// SPEC §1/§2: signs in locally as the demo user, with no request to the server, and goes to
// /demo_user. A link, so it also works as one (open in a new tab shows the demo profile).
export function DemoSignInButton({ onDemoSignIn }: { onDemoSignIn: () => void }) {
  return (
    <Link
      to={paths.demoUser.getHref()}
      onClick={onDemoSignIn}
      className={composeButtonClasses({
        className:
          'rounded-full shadow-lg shadow-brand-900/25 ring-1 ring-white/20 sm:h-12 sm:px-6 sm:text-base',
      })}
    >
      <Icon name="sparkles" className="size-5" />
      Demo Sign In
    </Link>
  );
}
