// Business constants of SPEC §5 and §9. Server and web both read them from here.

export const POST_MAX_LENGTH = 256;
export const ASKLINE_MAX_LENGTH = 128;
export const BIO_MAX_LENGTH = 160;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 6;
/** Longer would only cost the hash; better-auth refuses more too. */
export const PASSWORD_MAX_LENGTH = 128;

export const GRADUATION_YEAR_MIN = 2020;
export const GRADUATION_YEAR_MAX = 2030;
export const GRADUATION_YEARS: readonly number[] = Array.from(
  { length: GRADUATION_YEAR_MAX - GRADUATION_YEAR_MIN + 1 },
  (_, i) => GRADUATION_YEAR_MIN + i,
);
export const DEFAULT_GRADUATION_YEAR_SETUP = 2028;
export const DEFAULT_GRADUATION_YEAR_EDIT = 2024;

export const PHOTO_MAX_BYTES = 1024 * 1024;
export const PHOTO_MAX_DIMENSION = 1200;
export const PHOTO_CACHE_SECONDS = 3600;

export const FEED_PAGE_SIZE = 12;
export const ASKLINES_FETCH_LIMIT = 100;
export const ASKLINES_PAGE_SIZE = 10;
