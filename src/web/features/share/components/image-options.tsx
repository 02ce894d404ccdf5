import { useSearchParams } from '../../../lib/router';
import { readImageTheme, withParam } from '../share-frame';

const choice =
  'inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950 dark:has-checked:text-brand-100';
const box = 'size-4 accent-brand-600 focus-visible:outline-none dark:accent-brand-400';

/**
 * The image's options on the post page (issue #51), beside the template: its colours, and for the
 * author of a named post, an image without their name. Each choice is kept in the page's address
 * (`?theme=light`, `&hideName=1`) as the template is, so the frame below shows what Download and Share
 * will send; the server draws the same page from it. Members only: they are the ones who download.
 * The inputs keep their own state (the address follows them): a controlled one would show its old
 * state until the page has moved to the new address.
 */
export function ImageOptions({ nameHideable }: { nameHideable: boolean }) {
  const [params, setParams] = useSearchParams();
  const theme = readImageTheme(params.get('theme'));
  const choose = (name: string, value: string | null) =>
    setParams((current) => withParam(current, name, value), { replace: true });

  return (
    <div className="mt-3 flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm">
      <fieldset className="flex items-center gap-2">
        <legend className="sr-only">Image colours</legend>
        {(['dark', 'light'] as const).map((option) => (
          <label key={option} className={choice}>
            <input
              type="radio"
              name="theme"
              value={option}
              defaultChecked={theme === option}
              onChange={() => choose('theme', option === 'dark' ? null : option)}
              className={box}
            />
            {option === 'dark' ? 'Dark' : 'Light'}
          </label>
        ))}
      </fieldset>
      {nameHideable ? (
        <label className={choice}>
          <input
            type="checkbox"
            name="hideName"
            value="1"
            defaultChecked={params.get('hideName') === '1'}
            onChange={(event) => choose('hideName', event.target.checked ? '1' : null)}
            className={box}
          />
          Hide my name
        </label>
      ) : null}
    </div>
  );
}
