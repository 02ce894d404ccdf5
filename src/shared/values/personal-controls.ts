// The zod-free half of the personal controls' contract (../personal-controls.ts, issue #48, decision
// 032): limits, how long a word stays muted, and every sentence the controls say to people.

/** How many of each a person may have: caps that keep every list's filter cheap (decision 032). */
export const CONTROL_LIMITS = {
  blocks: 1_000,
  mutes: 1_000,
  mutedWords: 100,
  /** Characters of one muted word or phrase. */
  phraseMaxLength: 100,
} as const;

/** How long a word stays muted; the server decides when it stops acting. */
export const MUTE_DURATIONS = ['24h', '7d', '30d', 'always'] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];

/** Each duration in hours (null: always). */
export const MUTE_DURATION_HOURS: Record<MuteDuration, number | null> = {
  '24h': 24,
  '7d': 7 * 24,
  '30d': 30 * 24,
  always: null,
};

export const MUTE_DURATION_LABELS: Record<MuteDuration, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  always: 'Always',
};

/** Why a post is hidden: "Not for me", or "Mute this author" on an anonymous post (that post alone). */
export const HIDE_REASONS = ['not_for_me', 'muted_author'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

const thousands = (n: number) => n.toLocaleString('en-US');

export const CONTROL_MESSAGES = {
  usernameRequired: 'Say whose account: their username.',
  blockSelf: "You can't block yourself.",
  muteSelf: "You can't mute yourself.",
  alreadyBlocked: (username: string) => `You have already blocked ${username}.`,
  alreadyMuted: (username: string) => `You have already muted ${username}.`,
  notBlocked: (username: string) => `You have not blocked ${username}.`,
  notMuted: (username: string) => `You have not muted ${username}.`,
  tooManyBlocks: `You can block at most ${thousands(CONTROL_LIMITS.blocks)} people. Unblock someone to block another.`,
  tooManyMutes: `You can mute at most ${thousands(CONTROL_LIMITS.mutes)} people. Unmute someone to mute another.`,
  /** Said wherever "Mute this author" is offered on an anonymous post, and when it is done (decision 032). */
  anonymousAuthorMuted:
    "Anonymous authors can't be muted as a person: that would show which posts they wrote. This post is hidden for you.",
  chooseReason: 'Say why: not_for_me or muted_author.',
  hideOwn: 'That is your own post.',
  mutedAuthorNamed: 'This post has a name on it: mute its author as a person instead.',
  alreadyHidden: 'You have already hidden this post.',
  notHidden: 'That post is not hidden.',
  phraseRequired: 'Write a word or phrase to mute.',
  phraseTooLong: `A muted word or phrase can be at most ${CONTROL_LIMITS.phraseMaxLength} characters.`,
  phraseControlCharacters: 'Please remove special control characters from the word.',
  phraseNoLetters: 'That has no letters to match. Mute a word or phrase with letters in it.',
  chooseDuration: 'Choose how long: 24h, 7d, 30d or always.',
  alreadyMutedWord: (phrase: string) => `You have already muted “${phrase}”.`,
  tooManyWords: `You can mute at most ${CONTROL_LIMITS.mutedWords} words and phrases. Remove one to add another.`,
  wordMissing: 'That muted word does not exist.',
  blockedNotice: 'You blocked this person.',
  /** The count the feed and askline pages give of what the viewer's muted words hid. */
  hiddenByWords: (n: number) =>
    n === 1 ? '1 post hidden by your muted words' : `${n} posts hidden by your muted words`,
  /** What the web app says when a control is done from a post card or a profile (with Undo). */
  postHidden: 'Post hidden. You won’t see it in your feed again.',
  hiddenNote: 'You hid this post: it doesn’t show in your feed.',
  mutedDone: (username: string) =>
    `You muted @${username}. Their named posts leave your feed and search; they are not told.`,
  blockedDone: (username: string) => `You blocked @${username}. They are not told.`,
  undone: (control: 'block' | 'mute', username: string) =>
    `You ${control === 'block' ? 'unblocked' : 'unmuted'} @${username}.`,
  blockQuestion: (username: string) => `Block @${username}?`,
  blockExplained:
    'Neither of you will see the other’s named posts, likes or profile, and they can’t like yours. ' +
    'They are not told. Anonymous posts are not affected.',
  hideFailed: 'Could not hide the post. Please try again.',
  controlFailed: 'That did not work. Please try again.',
  undoFailed: 'Could not undo that. Please try again.',
} as const;
