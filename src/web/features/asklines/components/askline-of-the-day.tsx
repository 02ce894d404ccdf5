import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../../components/icons/icon';
import { type CreatePostState, paths } from '../../../config/paths';
import { Link } from '../../../lib/router';
import { asklineOfTheDayQueryOptions } from '../api/askline-of-the-day';

/**
 * The askline of the day (issue #51): the same prompt for everyone all day, on the dashboard and where
 * a page has nothing else to offer (an empty feed, search or bell). Its text opens the askline; Answer
 * opens the dashboard's panel with it chosen. Both are links, so they work before the script. Nothing
 * while it loads or when no askline is verified.
 */
export function AsklineOfTheDay({ className = '' }: { className?: string }) {
  const { data } = useQuery(asklineOfTheDayQueryOptions);
  const askline = data?.askline;
  if (!askline) return null;
  const answer: CreatePostState = { openCreatePost: true, asklineId: askline.id };
  return (
    <section
      aria-labelledby="askline-of-the-day"
      className={`rounded-2xl border border-brand-200 bg-brand-50 p-4 text-left sm:p-5 dark:border-brand-900 dark:bg-brand-950/40 ${className}`}
    >
      <h2
        id="askline-of-the-day"
        className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-brand-800 uppercase dark:text-brand-200"
      >
        <Icon name="sparkles" className="size-4" />
        Askline of the day
      </h2>
      <p className="mt-2 text-lg font-semibold text-slate-900 dark:text-white">
        <Link to={paths.askline.getHref(askline.id)} className="hover:underline">
          {askline.content}
        </Link>
      </p>
      <Link
        to={paths.dashboard.getHref()}
        state={answer}
        className="mt-3 inline-flex h-9 items-center gap-1.5 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700"
        aria-label={`Answer it: ${askline.content}`}
      >
        <Icon name="message-square-plus" className="size-4" />
        Answer it
      </Link>
    </section>
  );
}
