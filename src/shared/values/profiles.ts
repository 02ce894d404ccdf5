// The zod-free half of the profile contract (../profiles.ts): limits, messages and the checks that need
// no schema, for the pages every visitor opens (decision 013).
import {
  BIO_MAX_LENGTH,
  GRADUATION_YEAR_MAX,
  GRADUATION_YEAR_MIN,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../limits';

export const FULL_NAME_MAX_LENGTH = 60;
export const PROFILE_URL_MAX_LENGTH = 200;

export const PROFILE_MESSAGES = {
  username:
    'Username can only contain letters, numbers, periods, and underscores. It must start and end with a letter, number, or underscore.',
  usernameLength: `Username must be between ${USERNAME_MIN_LENGTH} and ${USERNAME_MAX_LENGTH} characters`,
  usernameTaken: 'Username is already taken',
  usernameReserved: 'That username is reserved. Please choose another.',
  usernameHint: 'Choose wisely! Usernames cannot be changed later.',
  usernameFixedHint: 'Usernames cannot be changed after account creation.',
  fullName: 'Full name is required',
  fullNameLength: `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`,
  bio: `Bio must be at most ${BIO_MAX_LENGTH} characters`,
  instagramUrl: 'Please enter a link to an Instagram profile (https://instagram.com/...)',
  linkedinUrl: 'Please enter a link to a LinkedIn profile (https://linkedin.com/in/...)',
  institution: 'Please choose VITC or VITV',
  graduationYear: `Graduation year must be between ${GRADUATION_YEAR_MIN} and ${GRADUATION_YEAR_MAX}`,
  dob: 'Please enter a valid date of birth',
  dobFuture: 'Date of birth cannot be in the future',
  controlCharacters: 'Please remove special control characters from this field',
  createSignedOut: 'You must be logged in to create a profile',
  updateSignedOut: 'You must be logged in to update your profile',
  alreadyCreated: 'You already have a profile.',
  notOwner: 'You can only edit your own profile.',
  userMissing: (username: string) => `The user ${username} does not exist`,
  currentPasswordRequired: 'Current password is required to change your password',
  passwordsDiffer: 'Passwords do not match',
  passwordLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  currentPasswordWrong: 'Current password is incorrect',
  noPassword: 'This account signs in with Google, so it has no password to change here.',
  updated: 'Profile updated successfully',
  updatedWithPassword: 'Profile and password updated successfully',
  setupPhotoFailed: 'Failed to upload profile picture. Your profile will be created without a picture.',
  editPhotoFailed: 'Failed to upload profile picture. Your other profile changes will still be saved.',
  notAnImage: 'Please select an image file',
  imageFailed: 'There was an error processing the image. Please try another image.',
} as const;

// Profile pages live at /{username}: names of the app's own pages, API prefixes and root files would
// give a profile nobody can open, and a few more would let someone pass for the site or for an
// anonymous author.
const RESERVED_USERNAMES = new Set([
  'about',
  'admin',
  'anonymous',
  'api',
  'askline',
  'asklines',
  'assets',
  'class',
  'classes',
  'contact',
  'cookies',
  'dashboard',
  'demo_user',
  'dev',
  'embed',
  'favicon.ico',
  'favicon.svg',
  'help',
  'index.html',
  'login',
  'logout',
  'moderator',
  'notifications',
  'oembed',
  'post',
  'privacy',
  'profile',
  'reports',
  'robots.txt',
  'search',
  'settings',
  'signin',
  'signup',
  'staff',
  'support',
  'terms',
  'transparency',
  'unsubscribe',
  'uploads',
  'yearbook',
]);

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username.toLowerCase());
}

/** True for an http(s) address on one of the given sites (or their subdomains). */
export function isLinkTo(value: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((site) => host === site || host.endsWith(`.${site}`));
}

export const INSTAGRAM_HOSTS = ['instagram.com', 'instagr.am'] as const;
export const LINKEDIN_HOSTS = ['linkedin.com', 'lnkd.in'] as const;

/** The calendar date today, where the person is (SPEC §5: not in the future). */
export function localIsoDate(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
