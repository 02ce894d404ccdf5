// THE BOOK'S ONE LINK TO SUPERLATIVES (issue #52). The book prints a person's shown wins on their page
// and a class's shown results in its book; both come from features/superlatives (`listWins`,
// `classResults`), built at the same time as the book. Until that feature is on this branch, these
// answer "none" and the books print no superlatives section: connect them here, and nowhere else.
import type { Institution } from '../../../shared/institutions';
import type { Db } from '../../db/client';

export interface BookWin {
  title: string;
  year: number;
  campus: Institution;
}

export interface BookSuperlative {
  title: string;
  winner: { fullName: string; username: string } | null;
}

/** The superlatives a person won whose results are shown, for their page. */
export async function winsForPage(_db: Db, _userId: string): Promise<BookWin[]> {
  return [];
}

/** A class's shown superlatives results, categories in order, for its book. */
export async function superlativesForClass(
  _db: Db,
  _class: { year: number; campus: Institution },
): Promise<BookSuperlative[]> {
  return [];
}
