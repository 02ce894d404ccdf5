// A round as it leaves the server (issue #52, decision 042): people as the class page shows them
// (never a user id), categories as the viewer may see them, dates as ISO strings.
import type { SuperlativeRound } from '../../../shared/superlatives';
import type { ObjectStorage } from '../../platform/storage';
import { type ClassmateRow, presentClassmate } from '../yearbook';
import type { CategoryView, RoundRow } from './read-round';

const person = (row: ClassmateRow, storage: ObjectStorage) =>
  presentClassmate(
    { username: row.username, fullName: row.fullName, pictureKey: row.pictureKey, bio: row.bio },
    storage,
  );

export function presentRound(
  round: RoundRow,
  categories: CategoryView[],
  options: { staff: boolean; storage: ObjectStorage },
): SuperlativeRound {
  const { storage } = options;
  return {
    id: round.id,
    phase: round.phase,
    resultsAt: round.resultsAt.toISOString(),
    resultsShown: round.resultsShown,
    canManage: options.staff,
    categories: categories.map((category) => ({
      id: category.id,
      title: category.title,
      position: category.position,
      approved: category.approved,
      myNomination: category.myNomination ? person(category.myNomination, storage) : null,
      ballot: category.ballot.map((row) => person(row, storage)),
      myVote: category.myVote,
      winner: category.winner ? person(category.winner, storage) : null,
      participation: category.participation,
    })),
  };
}
