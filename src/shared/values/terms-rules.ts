// The rules of the Terms (issue #47): Terms §3 lists them (app/routes/terms.tsx draws its list from
// here, so the page and a removal's statement of reasons cannot drift), and staff name one of them in
// every removal. Apart from the rest of the appeals values, so the Terms page loads only these.

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
