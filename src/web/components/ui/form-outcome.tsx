import { Icon } from '../icons/icon';

// How a form's or a screen's last action went: the one outcome message of the app. An error is an
// alert (read at once), a success a status (read when the reader is free); styles.css colours it by
// that role (`.outcome`, `.outcome-box`). Toasts (announcer.tsx) are for actions whose outcome the
// screen does not show.
//
// Two looks, for two places:
// - `box` (the default): a boxed message with an icon, there only while there is an outcome: forms,
//   and a screen's load failure.
// - `line`: a line of text that keeps its place while empty (`min-h-5`, or the height in `className`),
//   so a list under it does not move under the pointer when an outcome appears (admin lists, the
//   moderation log) and a button beside it stays put. Always there, its status region is heard reliably.

export type FormOutcomeState = { tone: 'ok' | 'error'; text: string } | null;

export function FormOutcome({
  outcome,
  look = 'box',
  className = '',
}: {
  outcome: FormOutcomeState;
  look?: 'box' | 'line';
  className?: string;
}) {
  const error = outcome?.tone === 'error';
  const box = look === 'box';
  if (box && !outcome) return null;
  return (
    // Keyed by the tone: an error replaces the element, so it is read as a new alert.
    <p
      key={String(error)}
      role={error ? 'alert' : 'status'}
      className={`outcome ${box ? `outcome-box ${className}` : className || 'min-h-5'}`}
    >
      {box ? (
        <Icon name={error ? 'circle-exclamation-point' : 'circle-check'} className="mt-0.5 size-4 shrink-0" />
      ) : null}
      {outcome?.text}
    </p>
  );
}
