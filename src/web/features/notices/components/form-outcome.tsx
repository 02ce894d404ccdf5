// How an admin form's last submission went, read out as it changes: the notice editor's and the
// send-to-everyone form's.

export type FormOutcomeState = { tone: 'ok' | 'error'; text: string } | null;

export function FormOutcome({ outcome }: { outcome: FormOutcomeState }) {
  return (
    <p
      role="status"
      className={`min-h-5 text-sm font-medium ${outcome?.tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-400'}`}
    >
      {outcome?.text}
    </p>
  );
}
