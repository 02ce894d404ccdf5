import { Icon } from '../../../components/icons/icon';
import { composeButtonClasses } from '../../../components/ui/control-classes';
import { paths } from '../../../config/paths';

// In the landing page's place of the sign-in card when a confirmation mail's link opened it
// (/?confirm=…, issue #43). Opening the link changes nothing: mail scanners open links before people
// do. The button does, as a plain form the browser sends itself, before or without the page's script;
// the server answers with the next page (profile setup, signed in; or this card's sign-in mode saying
// what went wrong with the link).
export function ConfirmEmailCard({ token }: { token: string }) {
  return (
    <section
      id={paths.home.signInSectionId}
      aria-labelledby="confirm-email-title"
      className="w-full scroll-mt-24 rounded-3xl border border-slate-200/80 bg-white p-6 shadow-xl shadow-brand-900/5 sm:p-8 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/30"
    >
      <Icon name="mail-check" className="size-8 text-brand-700 dark:text-brand-300" />
      <h2
        id="confirm-email-title"
        className="mt-3 text-2xl font-bold tracking-tight text-slate-900 dark:text-white"
      >
        Confirm your email
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        Press the button to confirm your address and finish creating your Campus Yearbook account. If you did
        not sign up, close this page: no account is made until the button is pressed.
      </p>
      <form method="post" action="/api/auth/verify-email" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={composeButtonClasses({ className: 'w-full' })}>
          Confirm my email
        </button>
      </form>
    </section>
  );
}
