// The zod-free half of the statements-of-reasons and appeals contract (../appeals.ts, issue #47): the
// rules of the Terms a removal names (the Terms page draws its list of them from here, so the two
// cannot drift), how a removal was found, and the messages. Shared by the server, the staff screens
// and the author's own post page.

/** Where the rules below come from: the Terms page (app/routes/terms.tsx), section 3. */
export const TERMS_RULES_SECTION = { number: 3, title: 'Acceptable use', anchor: 'acceptable-use' } as const;

/**
 * Each rule of Terms §3 ("You must not post or do anything that: …"): `terms` is the page's own
 * words, `label` what staff choose and the author reads as the rule broken.
 */
export const TERMS_RULES = [
  {
    id: 'harassment',
    label: 'Harassment, bullying or threats',
    terms: 'harasses, bullies, threatens or intimidates anyone, or targets people for who they are',
  },
  {
    id: 'private_information',
    label: "Someone else's private information",
    terms: "reveals someone else's private information, such as a phone number, address or photos",
  },
  {
    id: 'impersonation',
    label: 'Impersonation',
    terms: 'impersonates another person, or claims to speak for the university when you do not',
  },
  {
    id: 'explicit_violent_illegal',
    label: 'Sexual, violent or illegal content',
    terms: 'is sexually explicit, promotes violence or self-harm, or is otherwise illegal',
  },
  {
    id: 'infringement',
    label: "Someone else's copyright or rights",
    terms: "infringes someone else's copyright, trademark or other rights",
  },
  {
    id: 'spam',
    label: 'Spam or collecting data',
    terms: "is spam, advertising, or a scheme to collect other users' data",
  },
  {
    id: 'security',
    label: 'Attacking the service',
    terms: 'tries to break, overload or get around the security of the service',
  },
] as const;

export type TermsRule = (typeof TERMS_RULES)[number];
export type TermsRuleId = TermsRule['id'];
export const TERMS_RULE_IDS = TERMS_RULES.map((rule) => rule.id) as [TermsRuleId, ...TermsRuleId[]];

export function termsRule(id: TermsRuleId): TermsRule {
  return TERMS_RULES.find((rule) => rule.id === id) ?? TERMS_RULES[0];
}

/**
 * How the removed post came to staff's attention: the text check held it (automatic), members
 * reported it (never who), or staff found it themselves.
 */
export const REMOVAL_FOUND_BY = ['text_check', 'member_reports', 'staff'] as const;
export type RemovalFoundBy = (typeof REMOVAL_FOUND_BY)[number];

export const REMOVAL_FOUND_BY_TEXT: Record<RemovalFoundBy, string> = {
  text_check: 'Found automatically: the text check held your post for review, and a moderator removed it.',
  member_reports:
    'Not found automatically: members reported your post, and a moderator removed it. Who reported it is never shown.',
  staff: 'Not found automatically: a moderator found your post and removed it.',
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
  ownDecision: 'You made the decision this appeal is about: another moderator or admin must decide it.',
  outcomeRequired: 'Choose the outcome: upheld or overturned.',
  sent: 'Your appeal is sent. A moderator who did not remove the post will decide it, and you will be told.',
  loadFailed: 'Failed to load appeals. Please try again.',
} as const;
