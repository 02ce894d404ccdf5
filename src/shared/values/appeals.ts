// The zod-free half of the statements-of-reasons and appeals contract (../appeals.ts, issue #47): the
// rules of the Terms a removal names (terms-rules.ts), how a removal was found, and the messages.
// Shared by the server, the staff screens and the author's own post page.

export * from './terms-rules';

/**
 * How the removed post came to staff's attention: the text check held it (automatic), members
 * reported it (never who), or staff found it themselves.
 */
export const REMOVAL_FOUND_BY = ['text_check', 'member_reports', 'staff'] as const;
export type RemovalFoundBy = (typeof REMOVAL_FOUND_BY)[number];

/** How it was found, in words for the author and for staff alike. */
export const REMOVAL_FOUND_BY_TEXT: Record<RemovalFoundBy, string> = {
  text_check: 'Found automatically: the text check held the post for review, and a moderator removed it.',
  member_reports:
    'Not found automatically: members reported the post, and a moderator removed it. Who reported it is never shown.',
  staff: 'Not found automatically: a moderator came across the post and removed it.',
};

/** What a decision is: a published post removed, or a held post not published. */
export const DECISION_KINDS = ['post_removed', 'held_removed'] as const;
export type DecisionKind = (typeof DECISION_KINDS)[number];

export const APPEAL_OUTCOMES = ['upheld', 'overturned'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const APPEAL_OUTCOME_LABELS: Record<AppealOutcome, string> = {
  upheld: 'Uphold',
  overturned: 'Overturn',
};

/** The facts staff write for the author: a sentence or two. */
export const REMOVAL_FACTS_MAX_LENGTH = 500;
/** The author's appeal, in their own words. */
export const APPEAL_TEXT_MAX_LENGTH = 1000;

export const APPEAL_MESSAGES = {
  howToAppeal: `You can appeal this decision once, in your own words (up to ${APPEAL_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters). A different moderator from the one who removed it decides.`,
  ruleRequired: 'Choose the rule of the Terms the post broke.',
  factsRequired: 'Say briefly what in the post broke the rule.',
  factsTooLong: `Keep the facts under ${REMOVAL_FACTS_MAX_LENGTH} characters.`,
  removeOwn: 'This is your own post: delete it instead.',
  removeNeedsStatement:
    "Removing someone else's post needs a statement of reasons: send the rule it broke and the facts to its removal.",
  appealRequired: 'Write your appeal: say why the post should not have been removed.',
  appealTooLong: `An appeal can be at most ${APPEAL_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  appealMissing: 'There is no removed post of yours with that id.',
  appealedAlready: 'You have already appealed this decision. You can appeal each decision once.',
  notRemoved: 'This post is not removed, so there is nothing to appeal.',
  staffOnly: 'Only admins and moderators can decide appeals.',
  appealGone: 'That appeal does not exist.',
  decidedAlready: 'This appeal was already decided.',
  ownDecision:
    'You made the decision this appeal is about, or wrote the post: another moderator or admin must decide it.',
  outcomeRequired: 'Choose the outcome: upheld or overturned.',
  sent: 'Your appeal is sent. A moderator who did not remove the post will decide it, and you will be told.',
  loadFailed: 'Failed to load appeals. Please try again.',
} as const;
