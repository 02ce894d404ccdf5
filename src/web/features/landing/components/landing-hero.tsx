import { Icon } from '../../../components/icons/icon';

const highlights = [
  { icon: 'pen-line' as const, text: 'Post thoughts, confessions, quotes and predictions' },
  { icon: 'eye-off' as const, text: 'Go anonymous whenever you want to' },
  { icon: 'message-circle-question-mark' as const, text: 'Answer asklines, prompts picked by the community' },
];

// The hero in two parts (issue #51): the headline, then the sign-in card, then the rest. On a phone
// the page is one column in that order, so the card is on the first screen instead of a screen and a
// half down; beside the card (lg) the two parts stack into one column again.

/** What the site is, in a line: above the sign-in card on a phone. */
export function LandingHeadline() {
  return (
    <div className="max-w-xl">
      <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white/80 px-3 py-1 text-sm font-medium text-brand-800 backdrop-blur dark:border-brand-800 dark:bg-slate-900/80 dark:text-brand-200">
        <span className="size-1.5 rounded-full bg-accent-500" aria-hidden="true" />
        For VIT Chennai and VIT Vellore
      </p>
      <h1 className="mt-5 text-4xl leading-[1.1] font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl dark:text-white">
        A digital time capsule for <span className="text-brand-700 dark:text-brand-300">campus minds</span>
      </h1>
      <p className="mt-5 text-xl font-semibold text-slate-800 sm:text-2xl dark:text-slate-100">
        Your campus, your voice, your yearbook.
      </p>
    </div>
  );
}

/** What people do here: below the sign-in card on a phone. */
export function LandingDetails() {
  return (
    <div className="max-w-xl">
      <p className="text-base leading-7 text-slate-700 sm:text-lg dark:text-slate-300">
        Campus Yearbook keeps the words that never make it into the printed one: the late-night thoughts, the
        confessions, the quotes everyone repeats and the bold predictions about where you all end up. Written
        by students and alumni, kept for the years after.
      </p>
      <ul className="mt-8 space-y-3">
        {highlights.map(({ icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-slate-800 dark:text-slate-200">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
              <Icon name={icon} className="size-5" />
            </span>
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}
