// Public facts about the site that several pages show (contact page, footer, legal pages).

export const site = {
  name: 'Campus Yearbook',
  tagline: 'A digital time capsule for campus minds',
  contactEmail: 'contact@campusyearbook.app',
  social: {
    instagram: { url: 'https://www.instagram.com/campusyearbook', handle: '@campusyearbook' },
    linkedin: { url: 'https://www.linkedin.com/company/campusyearbook', handle: 'Campus Yearbook' },
  },
  footerStatement:
    'This platform is for entertainment and journaling purposes only. User opinions are their own and are not endorsed by Campus Yearbook. Predictions are not financial advice.',
  termsLastUpdated: '22.05.2025',
  /** The privacy policy's own date: it changed with account deletion and export (decision 017). */
  privacyLastUpdated: '25.11.2026',
} as const;

export const campuses = {
  VITC: 'VIT Chennai',
  VITV: 'VIT Vellore',
} as const;
