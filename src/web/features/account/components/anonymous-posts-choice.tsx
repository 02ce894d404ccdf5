import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../../shared/values/account';
import { confirmAction } from '../../../components/ui/confirm-dialog';
import { composeButtonClasses, textLinkClasses } from '../../../components/ui/control-classes';
import { FormOutcome } from '../../../components/ui/form-outcome';
import { paths } from '../../../config/paths';
import { failureMessage } from '../../../lib/api-client';
import { Link } from '../../../lib/router';
import { useDeleteAnonymousPosts } from '../api/account-api';

/** "1 anonymous post", "3 anonymous posts". */
export const anonymousPostsCount = (count: number) => `${count} anonymous ${count === 1 ? 'post' : 'posts'}`;

/**
 * The choice for the anonymous posts still up (decision 019), in plain words: they stay, with no
 * author, or they are taken down first, on their own, some time before the account goes.
 */
export function AnonymousPostsChoice(props: {
  count: number;
  username: string | null;
  onDeleted: (count: number) => void;
}) {
  const { count, username } = props;
  const remove = useDeleteAnonymousPosts();
  const [error, setError] = useState<string | null>(null);

  async function takeDown() {
    const confirmed = await confirmAction({
      title: `Delete your ${anonymousPostsCount(count)} now?`,
      message:
        'They disappear together, now, and cannot be brought back. Your account stays: come back another day to delete it.',
      confirmLabel: 'Delete them',
      destructive: true,
    });
    if (!confirmed) return;
    setError(null);
    try {
      props.onDeleted((await remove.mutateAsync()).deleted);
    } catch (problem) {
      setError(failureMessage(problem, ACCOUNT_MESSAGES.signedOut));
    }
  }

  return (
    <div className="mt-5 rounded-xl border border-slate-200 p-4 text-sm text-slate-700 dark:border-slate-800 dark:text-slate-300">
      <h3 className="font-semibold text-slate-900 dark:text-white">Your {anonymousPostsCount(count)}</h3>
      <p className="mt-2">
        They never showed your name, and they stay up when your account goes, with no author at all:
        afterwards nobody, not even our staff, can link them to you.
      </p>
      <p className="mt-2">
        If you would rather take them down, delete them first and come back another day to delete your
        account. If they disappeared at the same moment as your profile, someone watching both could tell they
        were yours. Deleting them all at once shows they had one author; deleting them one at a time from{' '}
        {username ? (
          <Link to={paths.userProfile.getHref(username)} className={textLinkClasses}>
            your profile
          </Link>
        ) : (
          'your profile'
        )}{' '}
        over a few days does not.
      </p>
      {error ? (
        <div className="mt-3">
          <FormOutcome outcome={{ tone: 'error', text: error }} />
        </div>
      ) : null}
      <button
        type="button"
        onClick={() => void takeDown()}
        disabled={remove.isPending}
        className={composeButtonClasses({ variant: 'secondary', className: 'mt-3' })}
      >
        {remove.isPending ? 'Deleting...' : `Delete my ${anonymousPostsCount(count)} now`}
      </button>
    </div>
  );
}
