// The zod-free half of the safety contract (../safety.ts): the text check's categories, verdicts and
// words, for the server and for the composer's lazily loaded check.

/**
 * What the check can find. The first seven come from the word lists (server features/safety/text-check);
 * `names_member` is an anonymous post naming a member (their @username, full name, or first name beside
 * a campus word): the Fizz rule of issue #47.
 */
export const SAFETY_CATEGORIES = [
  'profanity',
  'insult',
  'harassment',
  'threat',
  'slur',
  'sexual',
  'self_harm',
  'names_member',
] as const;
export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number];

/**
 * What the word lists find: every category but `names_member`, which the posting code finds with the
 * database. Admins add terms to these (and words to the allowlist) on /admin/word-lists.
 */
export const LIST_CATEGORIES = SAFETY_CATEGORIES.filter(
  (category): category is ListCategory => category !== 'names_member',
);
export type ListCategory = Exclude<SafetyCategory, 'names_member'>;

/** Where an admin's word goes: a category's list, or the allowlist against false hits. */
export const WORD_LISTS = [...LIST_CATEGORIES, 'allow'] as const;
export type WordList = ListCategory | 'allow';

/** What each list is called on the admin page and in the moderation log. */
export const WORD_LIST_NAMES: Record<WordList, string> = {
  profanity: 'Swearing',
  insult: 'Insults',
  harassment: 'Bullying',
  threat: 'Threats',
  slur: 'Slurs',
  sexual: 'Sexual content aimed at someone',
  self_harm: 'Telling someone to hurt themselves',
  allow: 'Allowlist',
};

/** What a word on a list does to a text that has it (the server says which, per list). */
export const WORD_LIST_EFFECTS = ['rethink', 'hold', 'allow'] as const;
export type WordListEffect = (typeof WORD_LIST_EFFECTS)[number];

/** An admin's term: as written, and at least this many letters once read as the check reads it. */
export const WORD_LIST_TERM_LIMITS = { maxLength: 60, minLetters: 2 } as const;

export const WORD_LIST_MESSAGES = {
  adminsOnly: 'Only admins can change the word lists.',
  termRequired: 'Write the word or phrase.',
  termTooLong: `A term can be at most ${WORD_LIST_TERM_LIMITS.maxLength} characters.`,
  controlCharacters: 'Please remove special control characters.',
  starsAtEnds: 'A * may stand only at the start or the end of a term.',
  noStarsAllowed: 'Allowlist words are matched whole: leave out the *.',
  tooFewLetters: `A term needs at least ${WORD_LIST_TERM_LIMITS.minLetters} letters the check can read.`,
  chooseList: 'Choose a list.',
  missing: 'That word is not on the lists any more.',
  loadFailed: 'Failed to load the word lists. Please try again.',
} as const;

export const SAFETY_VERDICTS = ['ok', 'rethink', 'hold'] as const;
export type SafetyVerdict = (typeof SAFETY_VERDICTS)[number];

/** How the composer and the Held tab name each category. */
export const SAFETY_CATEGORY_LABELS: Record<SafetyCategory, string> = {
  profanity: 'Swearing',
  insult: 'An insult',
  harassment: 'Bullying',
  threat: 'A threat',
  slur: 'A slur',
  sexual: 'Sexual content aimed at someone',
  self_harm: 'Telling someone to hurt themselves',
  names_member: 'Names a member in an anonymous post',
};

/** The longest text the check route reads: more than any post or askline, so the form says what is wrong. */
export const SAFETY_CHECK_MAX_LENGTH = 1000;

export const SAFETY_MESSAGES = {
  rethink: 'This post may hurt someone. Edit it, or post anyway.',
  held: 'Your post is waiting for review. Only you can see it until a moderator approves it.',
  waitingLabel: 'Waiting for review',
  asklineRethink: 'This askline may hurt someone. Please edit it before submitting.',
  asklineHold:
    'This askline cannot be submitted as it is: it names a member or may harm someone. Please edit it.',
  checkSignedOut: 'Please sign in to continue.',
  textRequired: 'Send the text to check.',
  textTooLong: `The text to check can be at most ${SAFETY_CHECK_MAX_LENGTH} characters.`,
  heldMissing: 'That held post does not exist or was already decided.',
  staffOnly: 'Only admins and moderators can review held posts.',
} as const;

/** The new-account rule for anonymous posts (issue #47): the server's numbers, told to the composer. */
export const NEW_ACCOUNT_RULE = { days: 7, anonymousPerDay: 3 } as const;

/** The new-account rule in words: the composer shows it, and a refusal says it (with when to try again). */
export const NEW_ACCOUNT_ANONYMOUS_MESSAGE = `New accounts can make ${NEW_ACCOUNT_RULE.anonymousPerDay} anonymous posts a day in their first ${NEW_ACCOUNT_RULE.days} days.`;
