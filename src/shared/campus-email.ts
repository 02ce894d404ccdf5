// Campus-only accounts (issue #47): with ALLOWED_EMAIL_DOMAINS set, sign-up, Google sign-in and a
// change of address take only addresses at those domains (the part after "@", exactly, any case), and
// a profile whose confirmed address is at one of them shows a "verified campus address" mark.

/** The domain of an address, lower-cased ("" when it has none). */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** Whether `email` may be used: always when no domains are set. */
export function isAllowedEmail(email: string, allowedDomains: readonly string[]): boolean {
  return allowedDomains.length === 0 || allowedDomains.includes(emailDomainOf(email));
}

/** What a refused address is told, naming the domains that are taken. */
export function campusOnlyMessage(allowedDomains: readonly string[]): string {
  const list = allowedDomains.map((domain) => `@${domain}`).join(', ');
  return `Only campus email addresses can be used here (${list}). Please use your campus address.`;
}

/** The mark's words, on a profile whose confirmed address is a campus one. */
export const CAMPUS_ADDRESS_MARK = 'Verified campus address';
