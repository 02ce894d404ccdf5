import { CONTROL_MESSAGES } from '../../../../shared/values/personal-controls';
import { textLinkClasses } from '../../../components/ui/control-classes';

/**
 * Above a list the viewer's muted words act on (the feed, an askline's posts): "n posts hidden by your
 * muted words" with Show them, and while they show, a way to hide them again. Nothing when none are.
 */
export function MutedWordsLine({
  hidden,
  showing,
  onToggle,
  className = 'mb-4',
}: {
  hidden: number;
  showing: boolean;
  onToggle: () => void;
  className?: string;
}) {
  if (!showing && hidden === 0) return null;
  return (
    <p className={`${className} text-sm text-slate-600 dark:text-slate-300`}>
      {showing ? 'Showing the posts your muted words hide.' : `${CONTROL_MESSAGES.hiddenByWords(hidden)}.`}{' '}
      <button type="button" onClick={onToggle} className={textLinkClasses}>
        {showing ? 'Hide them again' : 'Show them'}
      </button>
    </p>
  );
}
