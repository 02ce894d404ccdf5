// Public facts about the site that every page shows (navbar, footer, page titles). The shell loads
// this on every page: facts only one or two pages show live in site-details.ts, with those pages.

export const site = {
  name: 'Campus Yearbook',
  tagline: 'A digital time capsule for campus minds',
  footerStatement:
    'This platform is for entertainment and journaling purposes only. User opinions are their own and are not endorsed by Campus Yearbook. Predictions are not financial advice.',
} as const;

export const campuses = {
  VITC: 'VIT Chennai',
  VITV: 'VIT Vellore',
} as const;
