// How a form's or a screen's last action went, read out as it changes (role="status"): a line in
// green or red under the form. Admin screens and settings forms use it; toasts (announcer.tsx) are for
// actions whose outcome the screen does not show.

export type FormOutcomeState = { tone: 'ok' | 'error'; text: string } | null;

export function FormOutcome({
  outcome,
  className = 'min-h-5',
}: {
  outcome: FormOutcomeState;
  className?: string;
}) {
  const tone =
    outcome?.tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-400';
  return (
    <p role="status" className={`${className} text-sm font-medium ${tone}`}>
      {outcome?.text}
    </p>
  );
}
