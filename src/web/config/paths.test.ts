// Profiles live at /{username}: no one may take a username that is one of the app's own top-level
// pages, or their profile could never be opened (decision 006).
import { describe, expect, it } from 'vitest';
import { usernameSchema } from '../../shared/profiles';
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

  it.each([...new Set(segments), 'api', 'assets', 'uploads', 'dev', 'favicon.svg'])(
    '/%s cannot be taken as a username',
    (segment) => {
      expect(usernameSchema.safeParse(segment).success).toBe(false);
    },
  );
});
