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
