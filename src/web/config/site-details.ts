// Public facts about the site that only the contact and legal pages show: kept out of site.ts, which
// the shell loads on every page (docs/performance.md: every public page within 100 KB).

export const siteDetails = {
  contactEmail: 'contact@campusyearbook.app',
  social: {
    instagram: { url: 'https://www.instagram.com/campusyearbook', handle: '@campusyearbook' },
    linkedin: { url: 'https://www.linkedin.com/company/campusyearbook', handle: 'Campus Yearbook' },
  },
  /** SPEC §2 dates the terms 22.05.2025; they changed with the text check and held posts (issue #47). */
  termsLastUpdated: '27.11.2026',
  /** The privacy policy's own date: it changed with account deletion and export (decision 017). */
  privacyLastUpdated: '26.11.2026',
} as const;
