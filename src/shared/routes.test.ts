// The one route table and its matcher (issue #45): every page's address, read the same way by the
// browser's router, the server's renderer, the navbar and the share pages.
import { describe, expect, it } from 'vitest';
import { matchRoute, ROUTES, type RouteId } from './routes';
import { isReservedUsername } from './values/profiles';

const id = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

// One address a person could type for every route, and what it must be read as.
const EVERY_ROUTE: [string, RouteId, Record<string, string>][] = [
  ['/', 'home', {}],
  ['/about', 'about', {}],
  ['/cookies', 'cookies', {}],
  ['/contact', 'contact', {}],
  ['/terms', 'terms', {}],
  ['/privacy', 'privacy', {}],
  ['/transparency', 'transparency', {}],
  ['/reset-password', 'resetPassword', {}],
  ['/unsubscribe', 'unsubscribe', {}],
  ['/email-change', 'emailChange', {}],
  ['/profile/setup', 'profileSetup', {}],
  ['/dashboard', 'dashboard', {}],
  ['/profile', 'editProfile', {}],
  ['/profile/account', 'account', {}],
  ['/profile/controls', 'controls', {}],
  ['/search', 'search', {}],
  ['/class/2026', 'class', { year: '2026' }],
  ['/class/2026/book', 'classBook', { year: '2026' }],
  ['/yearbook', 'yearbook', {}],
  ['/notifications', 'notifications', {}],
  ['/reports', 'reports', {}],
  ['/demo_user', 'demoUser', {}],
  ['/admin/users', 'adminUsers', {}],
  ['/admin/notice', 'adminNotice', {}],
  ['/admin/log', 'moderationLog', {}],
  ['/admin/word-lists', 'adminWordLists', {}],
  ['/asklines', 'asklines', {}],
  ['/asklines/review', 'asklinesReview', {}],
  [`/askline/${id}`, 'askline', { uuid: id }],
  [`/post/${id}`, 'anonymousPost', { postId: id }],
  ['/asha_r', 'userProfile', { username: 'asha_r' }],
  [`/asha_r/${id}`, 'userPost', { username: 'asha_r', postId: id }],
];

describe('the route table', () => {
  it('has a case here for every route', () => {
    expect(new Set(EVERY_ROUTE.map(([, route]) => route))).toEqual(new Set(Object.keys(ROUTES)));
  });

  it.each(EVERY_ROUTE)('%s is %s', (address, route, params) => {
    expect(matchRoute(address)).toEqual({ id: route, params });
  });

  // Static segments in any case, with a trailing slash: still the same page, never a catch-all.
  it.each(EVERY_ROUTE.filter(([address]) => address !== '/'))(
    '%s, shouted, is still %s',
    (address, route) => {
      const shouted = address.replace(/^\/([^/]+)/, (_, first: string) => `/${first.toUpperCase()}`);
      expect(matchRoute(shouted)?.id).toBe(route);
      expect(matchRoute(`${address}/`)?.id).toBe(route);
    },
  );

  it.each([
    ['/ADMIN/log', 'moderationLog'],
    ['/admin/LOG', 'moderationLog'],
    ['/Admin/Log/', 'moderationLog'],
    ['/PROFILE/Setup', 'profileSetup'],
    ['/Profile/CONTROLS', 'controls'],
    ['/ASKLINES/review', 'asklinesReview'],
    [`/ASKLINE/${id}`, 'askline'],
    [`/Post/${id}`, 'anonymousPost'],
  ])('%s is the page %s, not a catch-all', (address, route) => {
    expect(matchRoute(address)?.id).toBe(route);
  });

  it('keeps a parameter as written, decoded', () => {
    expect(matchRoute('/Asha_R')).toEqual({ id: 'userProfile', params: { username: 'Asha_R' } });
    expect(matchRoute('/asha%5Fr/x%2Fy')).toEqual({
      id: 'userPost',
      params: { username: 'asha_r', postId: 'x/y' },
    });
    // A segment that does not decode stays as it came.
    expect(matchRoute('/%E0%A4%A')).toEqual({ id: 'userProfile', params: { username: '%E0%A4%A' } });
  });

  // A page of two segments starting with a static one (/profile/controls, /class/:year) wins over
  // /:username/:postId, so its first segment must be a username no one can take: that person's post at
  // the same address would never open.
  it.each(
    Object.values(ROUTES).filter(
      (pattern) => pattern.split('/').filter(Boolean).length === 2 && !pattern.split('/')[1]?.startsWith(':'),
    ),
  )('%s starts with a reserved username', (pattern) => {
    expect(isReservedUsername(pattern.split('/')[1] ?? '')).toBe(true);
  });

  it.each(['/a/b/c', `/askline/${id}/more`, '/admin/log/x', '//a/b/c/'])('%s is no page', (address) => {
    expect(matchRoute(address)).toBeNull();
  });
});
