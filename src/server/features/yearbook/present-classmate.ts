// A class page's member as it leaves the server: name, username, picture and the first line of the
// bio. Never the user id, the email, the role or anything a member wrote as a post.
import type { Classmate } from '../../../shared/yearbook';
import type { ObjectStorage } from '../../platform/storage';
import type { ClassmateRow } from './list-class';

export function presentClassmate(row: ClassmateRow, storage: ObjectStorage): Classmate {
  return {
    username: row.username,
    fullName: row.fullName,
    profilePictureUrl: row.pictureKey ? storage.publicUrl(row.pictureKey) : null,
    bioLine: firstLine(row.bio),
  };
}

/** The bio's first line that says something ('' for none). */
function firstLine(bio: string): string {
  return (
    bio
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}
