// The link to every page: `path` is its pattern in the one route table (src/shared/routes.ts), and
// `getHref` builds a concrete link to it.
import type { Institution } from '../../shared/institutions';
import { ROUTES, type RouteId } from '../../shared/routes';

/** A page at one address, which its link repeats. */
const fixed = <Path extends string>(path: Path) => ({ path, getHref: () => path });

export const paths = {
  // The landing page's Get Started card carries this id, so the navbar's Sign In can bring it into view.
  home: { ...fixed(ROUTES.home), signInSectionId: 'get-started' },
  about: fixed(ROUTES.about),
  contact: fixed(ROUTES.contact),
  terms: fixed(ROUTES.terms),
  privacy: fixed(ROUTES.privacy),
  transparency: fixed(ROUTES.transparency),
  cookies: fixed(ROUTES.cookies),
  resetPassword: fixed(ROUTES.resetPassword),
  unsubscribe: fixed(ROUTES.unsubscribe),
  emailChange: fixed(ROUTES.emailChange),
  profileSetup: fixed(ROUTES.profileSetup),
  dashboard: fixed(ROUTES.dashboard),
  editProfile: fixed(ROUTES.editProfile),
  account: fixed(ROUTES.account),
  controls: fixed(ROUTES.controls),
  search: {
    ...fixed(ROUTES.search),
    /** The posts with this text (a hashtag's link): the search page reads it (app/route-params.ts). */
    forPosts: (text: string) => `${ROUTES.search}?q=${encodeURIComponent(text)}&type=posts`,
  },
  /** A class page (issue #52), on one campus's tab (none: the viewer's own). */
  class: {
    path: ROUTES.class,
    getHref: (year: number | string, campus?: Institution) =>
      `/class/${encodeURIComponent(String(year))}${campus ? `?campus=${campus}` : ''}`,
  },
  /** A class's book for staff (issue #52), of one campus (none: the viewer's own). */
  classBook: {
    path: ROUTES.classBook,
    getHref: (year: number | string, campus?: Institution) =>
      `/class/${encodeURIComponent(String(year))}/book${campus ? `?campus=${campus}` : ''}`,
  },
  /** "My yearbook page" as a PDF (issue #52). */
  yearbook: fixed(ROUTES.yearbook),
  notifications: fixed(ROUTES.notifications),
  reports: fixed(ROUTES.reports),
  demoUser: fixed(ROUTES.demoUser),
  adminUsers: fixed(ROUTES.adminUsers),
  adminNotice: fixed(ROUTES.adminNotice),
  moderationLog: fixed(ROUTES.moderationLog),
  adminWordLists: fixed(ROUTES.adminWordLists),
  asklines: fixed(ROUTES.asklines),
  asklinesReview: fixed(ROUTES.asklinesReview),
  askline: {
    path: ROUTES.askline,
    getHref: (uuid: string) => `/askline/${encodeURIComponent(uuid)}`,
  },
  anonymousPost: {
    path: ROUTES.anonymousPost,
    getHref: (postId: string) => `/post/${encodeURIComponent(postId)}`,
  },
  userProfile: {
    path: ROUTES.userProfile,
    getHref: (username: string) => `/${encodeURIComponent(username)}`,
  },
  userPost: {
    path: ROUTES.userPost,
    getHref: (username: string, postId: string) =>
      `/${encodeURIComponent(username)}/${encodeURIComponent(postId)}`,
  },
} as const satisfies Record<RouteId, { path: string } & Record<string, unknown>>;

/**
 * Navigation state that opens the dashboard's create-post panel (SPEC §2 Dashboard), optionally with an
 * askline chosen: the navbar's Create, an askline's Answer.
 */
export interface CreatePostState {
  openCreatePost: true;
  asklineId?: string;
}
