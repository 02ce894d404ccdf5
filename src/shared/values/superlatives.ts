// The zod-free half of the superlatives contract (../superlatives.ts): phases, limits, messages and
// the API's addresses, for the class page's Superlatives section and Edit Profile (decision 013, 042).
import type { Institution } from '../institutions';
import { campusLabel } from './yearbook';

/** A round's phases, in the only order staff may move it (decision 042). */
export const SUPERLATIVE_PHASES = ['draft', 'nominating', 'voting', 'closed'] as const;
export type SuperlativePhase = (typeof SUPERLATIVE_PHASES)[number];

/** The phase after `phase`, or null once closed. */
export function nextSuperlativePhase(phase: SuperlativePhase): SuperlativePhase | null {
  return SUPERLATIVE_PHASES[SUPERLATIVE_PHASES.indexOf(phase) + 1] ?? null;
}

/** A category's title ("Most likely to start a company"). */
export const SUPERLATIVE_TITLE_MAX_LENGTH = 80;
/** Categories in one round. */
export const SUPERLATIVE_CATEGORIES_MAX = 20;
/** The most nominated classmates of a category who go to its ballot. */
export const SUPERLATIVE_BALLOT_SIZE = 5;
/** Categories one student may win in a round: the next in line takes a third (issue #52). */
export const SUPERLATIVE_MAX_WINS = 2;
/** How far ahead staff may set the date results are shown. */
export const SUPERLATIVE_RESULTS_MAX_AHEAD_MS = 2 * 366 * 24 * 60 * 60 * 1000;

export const SUPERLATIVE_MESSAGES = {
  signedOut: 'Please sign in to take part in superlatives.',
  staffOnly: 'Only moderators and admins run superlatives.',
  missingRound: 'That superlatives round does not exist.',
  missingCategory: 'That superlatives category does not exist.',
  roundExists: 'This class already has a superlatives round.',
  resultsAt: 'Please give the date and time results are shown.',
  resultsAtPast: 'The results date must be in the future.',
  resultsAtTooFar: 'The results date can be at most two years ahead.',
  resultsShown: 'The results are already shown: their date can no longer change.',
  nothingToChange: 'Please say what to change: the results date or the phase.',
  phase: 'Please choose a phase: nominating, voting or closed.',
  phaseOrder: (from: SuperlativePhase, to: SuperlativePhase) =>
    from === 'closed'
      ? 'This round is closed.'
      : `A round moves one step at a time: from ${from} it goes to ${nextSuperlativePhase(from)}, not ${to}.`,
  approveFirst: 'Approve at least one category first.',
  titleRequired: 'Please write the category’s title.',
  titleTooLong: `A category's title can be at most ${SUPERLATIVE_TITLE_MAX_LENGTH} characters.`,
  controlCharacters: 'Please remove special control characters from the title.',
  /** The text check would hold it: a category is not held, it is refused (as a signature, decision 040). */
  held: 'This title cannot be a superlative as it is. Please change it (no hurtful titles).',
  duplicateTitle: 'This round already has a category with that title.',
  tooManyCategories: `A round can have at most ${SUPERLATIVE_CATEGORIES_MAX} categories.`,
  draftOnly: 'Categories can change only before nominations open.',
  deleteDraftOnly: 'Only a round whose nominations have not opened can be deleted.',
  notInClass: (year: number, campus: Institution) => `Only the Class of ${year} (${campus}) takes part.`,
  notNominating: 'Nominations are not open.',
  nominationsClosed: 'Nominations have closed.',
  yourself: 'You cannot nominate yourself.',
  username: 'Please choose a classmate.',
  /** A classmate one may not nominate or vote for, for whatever reason, is as if not there. */
  noSuchClassmate: (username: string) => `No one called ${username} can be chosen in this class.`,
  nothingToWithdraw: 'You have not nominated anyone in this category.',
  notVoting: 'Voting is not open.',
  votingClosed: 'Voting has closed.',
  alreadyVoted: 'You have already voted in this category.',
  voteYourself: 'You cannot vote for yourself.',
  optOut: 'Leave me out of superlatives',
  optOutHint: 'You will not be nominated, on a ballot or a winner.',
  optOutField: 'Please say whether to leave you out of superlatives.',
  failed: 'Superlatives could not be loaded. Please try again.',
} as const;

/** "Most likely to start a company · Class of 2026, VITC": a win as a profile lists it. */
export function superlativeWinLabel(win: { title: string; year: number; campus: Institution }): string {
  return `${win.title} · Class of ${win.year}, ${win.campus}`;
}

/** "Class of 2026, VITC (VIT Chennai)": the class a round belongs to. */
export function superlativeClassLabel(year: number, campus: Institution): string {
  return `Class of ${year}, ${campusLabel(campus)}`;
}

const enc = encodeURIComponent;

/** The API's addresses (decision 042), for the web app's requests and page data. */
export const SUPERLATIVE_API = {
  /** GET (the class's round for the viewer), POST (staff: start one). `?campus=` on GET. */
  class: (year: number) => `/api/classes/${year}/superlatives`,
  /** GET `?campus=&q=&cursor=`: classmates one may nominate. */
  nominees: (year: number) => `/api/classes/${year}/superlatives/nominees`,
  /** PATCH (resultsAt, phase), DELETE (draft only). */
  round: (roundId: string) => `/api/superlatives/${enc(roundId)}`,
  /** POST: add a category (draft). */
  categories: (roundId: string) => `/api/superlatives/${enc(roundId)}/categories`,
  /** DELETE: remove a category (draft). */
  category: (categoryId: string) => `/api/superlative-categories/${enc(categoryId)}`,
  /** POST: approve a category (draft). */
  approval: (categoryId: string) => `/api/superlative-categories/${enc(categoryId)}/approval`,
  /** PUT (nominate), DELETE (withdraw). */
  nomination: (categoryId: string) => `/api/superlative-categories/${enc(categoryId)}/nomination`,
  /** POST: vote. */
  vote: (categoryId: string) => `/api/superlative-categories/${enc(categoryId)}/vote`,
  /** GET: a person's shown wins. */
  wins: (username: string) => `/api/profiles/${enc(username)}/superlatives`,
} as const;
