export const INSTITUTIONS = ['VITC', 'VITV'] as const;
export type Institution = (typeof INSTITUTIONS)[number];

export const DEFAULT_INSTITUTION: Institution = 'VITC';

/** How each institution code is shown to people (SPEC §2, profile header). */
export const CAMPUS_NAMES: Record<Institution, string> = {
  VITC: 'VIT Chennai',
  VITV: 'VIT Vellore',
};
