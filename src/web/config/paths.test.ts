// Profiles live at /{username}: no one may take a username that is one of the app's own top-level
// pages, or their profile could never be opened (decision 006).
import { describe, expect, it } from 'vitest';
import { usernameSchema } from '../../shared/profiles';
import { confirmationHref, SIGN_IN_SECTION_ID } from '../../shared/values/confirmation';
import { paths } from './paths';

describe('top-level pages', () => {
  const segments = Object.values(paths)
    .map((route) => route.path.split('/')[1] ?? '')
    .filter((segment) => segment !== '' && !segment.startsWith(':'));

  it('finds the pages to check', () => {
    expect(segments).toEqual(
      expect.arrayContaining(['about', 'dashboard', 'profile', 'demo_user', 'askline']),
    );
  });

  // The server's own top-level paths: the API, built files, pictures, the dev mailbox, embeds (og is
  // too short to be a username).
  it.each([...new Set(segments), 'api', 'assets', 'uploads', 'dev', 'embed', 'oembed', 'favicon.svg'])(
    '/%s cannot be taken as a username',
    (segment) => {
      expect(usernameSchema.safeParse(segment).success).toBe(false);
    },
  );
});

describe('the sign-in card', () => {
  it('is where the server sends a confirmation link that did not sign in', () => {
    expect(paths.home.signInSectionId).toBe(SIGN_IN_SECTION_ID);
    expect(confirmationHref('already')).toBe(`/?confirmation=already#${paths.home.signInSectionId}`);
  });
});
