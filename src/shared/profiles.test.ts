// The shared profile rules (SPEC §5) both the server and the forms apply.
import { describe, expect, it } from 'vitest';
import {
  createProfileRequestSchema,
  INSTAGRAM_HOSTS,
  isLinkTo,
  isReservedUsername,
  localIsoDate,
  PROFILE_MESSAGES,
  passwordChangeSchema,
  usernameSchema,
} from './profiles';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('usernames', () => {
  it.each(['abc', 'a_b', 'a.b.c', '_x_', 'x'.repeat(20), 'Asha.Raman'])('accepts %s', (name) => {
    expect(usernameSchema.safeParse(name).success).toBe(true);
  });

  it('stores them lower-case and trimmed', () => {
    expect(usernameSchema.parse('  Asha.Raman ')).toBe('asha.raman');
  });

  it.each([
    ['ab', PROFILE_MESSAGES.usernameLength],
    ['x'.repeat(21), PROFILE_MESSAGES.usernameLength],
    ['.abc', PROFILE_MESSAGES.username],
    ['abc.', PROFILE_MESSAGES.username],
    ['a..b', PROFILE_MESSAGES.username],
    ['a-b', PROFILE_MESSAGES.username],
    ['ünï', PROFILE_MESSAGES.username],
    ['about', PROFILE_MESSAGES.usernameReserved],
    ['Demo_User', PROFILE_MESSAGES.usernameReserved],
  ])('refuses %s', (name, message) => {
    expect(firstMessage(usernameSchema.safeParse(name))).toBe(message);
  });

  it('reserves every page of the app that sits where a profile would', () => {
    for (const page of [
      'dashboard',
      'profile',
      'search',
      'reports',
      'asklines',
      'askline',
      'post',
      'uploads',
      'transparency',
    ]) {
      expect(isReservedUsername(page)).toBe(true);
    }
    expect(isReservedUsername('asha')).toBe(false);
  });
});

describe('profile links', () => {
  it('accepts the site and its subdomains over http(s) only', () => {
    expect(isLinkTo('https://instagram.com/asha', INSTAGRAM_HOSTS)).toBe(true);
    expect(isLinkTo('https://www.instagram.com/asha', INSTAGRAM_HOSTS)).toBe(true);
    expect(isLinkTo('http://instagr.am/asha', INSTAGRAM_HOSTS)).toBe(true);
  });

  it.each([
    'javascript:alert(1)//instagram.com',
    'https://instagram.com.evil.example/asha',
    'https://evilinstagram.com/asha',
    'https://user:pass@instagram.com/asha',
    'ftp://instagram.com/asha',
    'instagram.com/asha',
  ])('refuses %s', (url) => {
    expect(isLinkTo(url, INSTAGRAM_HOSTS)).toBe(false);
  });
});

describe('the setup request', () => {
  const valid = { username: 'asha', fullName: 'Asha', institution: 'VITC', graduationYear: 2028 };

  it('fills the optional fields', () => {
    expect(createProfileRequestSchema.parse(valid)).toEqual({
      ...valid,
      bio: '',
      instagramUrl: null,
      linkedinUrl: null,
      dob: null,
    });
  });

  it('takes today as a birthday but not a day years ahead', () => {
    expect(createProfileRequestSchema.safeParse({ ...valid, dob: localIsoDate() }).success).toBe(true);
    const future = `${new Date().getFullYear() + 2}-01-01`;
    expect(firstMessage(createProfileRequestSchema.safeParse({ ...valid, dob: future }))).toBe(
      PROFILE_MESSAGES.dobFuture,
    );
  });

  it('refuses a 161-character bio but keeps line breaks in one that fits', () => {
    expect(firstMessage(createProfileRequestSchema.safeParse({ ...valid, bio: 'b'.repeat(161) }))).toBe(
      PROFILE_MESSAGES.bio,
    );
    expect(createProfileRequestSchema.parse({ ...valid, bio: 'line one\nline two' }).bio).toBe(
      'line one\nline two',
    );
  });
});

describe('password change', () => {
  it('reports the problems in the order of SPEC §5', () => {
    expect(
      firstMessage(passwordChangeSchema.safeParse({ newPassword: 'abcdef', confirmPassword: 'x' })),
    ).toBe(PROFILE_MESSAGES.currentPasswordRequired);
    expect(
      firstMessage(
        passwordChangeSchema.safeParse({ currentPassword: 'c', newPassword: 'abc', confirmPassword: 'abd' }),
      ),
    ).toBe(PROFILE_MESSAGES.passwordsDiffer);
    expect(
      firstMessage(
        passwordChangeSchema.safeParse({ currentPassword: 'c', newPassword: 'abc', confirmPassword: 'abc' }),
      ),
    ).toBe(PROFILE_MESSAGES.passwordLength);
  });
});
