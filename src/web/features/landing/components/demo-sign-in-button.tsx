import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { paths } from '../../../config/paths';

// SPEC §2: demo sign-in goes to /demo_user. Signing in as the local demo user arrives with accounts;
// until then it is a plain link to the demo profile.
export function DemoSignInButton() {
  return (
    <Link
      to={paths.demoUser.getHref()}
      className={composeButtonClasses({
        className:
          'rounded-full shadow-lg shadow-brand-900/25 ring-1 ring-white/20 sm:h-12 sm:px-6 sm:text-base',
      })}
    >
      <Sparkles className="size-5" aria-hidden="true" />
      Demo Sign In
    </Link>
  );
}
