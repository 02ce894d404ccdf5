import { BOOK_PAPERS, type BookPaper } from '../../../../shared/values/book';

const PAPERS: Record<BookPaper, { name: string; size: string }> = {
  A4: { name: 'A4', size: '210 × 297 mm' },
  Letter: { name: 'US Letter', size: '8.5 × 11 in' },
};

/** The book's paper (issue #52): A4 or US Letter, as two radio buttons under one legend. */
export function PaperChoice({ value, onChange }: { value: BookPaper; onChange: (paper: BookPaper) => void }) {
  return (
    <fieldset className="mt-6">
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">Paper</legend>
      <div className="mt-2 flex flex-wrap gap-3">
        {BOOK_PAPERS.map((paper) => (
          <label
            key={paper}
            className="flex min-w-36 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-4 py-3 has-checked:border-brand-600 has-checked:bg-brand-50 dark:border-slate-700 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950"
          >
            <input
              type="radio"
              name="paper"
              value={paper}
              checked={value === paper}
              onChange={() => onChange(paper)}
              className="size-4 accent-brand-600"
            />
            <span className="text-sm">
              <span className="block font-medium text-slate-900 dark:text-white">{PAPERS[paper].name}</span>
              <span className="block text-slate-600 dark:text-slate-300">{PAPERS[paper].size}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
