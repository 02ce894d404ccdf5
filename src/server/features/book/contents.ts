// What each book prints, read when it is made (issue #52). My page: the person, their shown
// superlatives, the posts they chose that are still their own named live posts (in the order chosen;
// a post deleted since is skipped), and their approved signatures as their profile lists them. A class
// book: the members the class page lists (not those who left it; staff's own blocks do not apply), by
// name; the class's shown superlatives; verified asklines answered by members of the class, with up to
// three of their answers each, most liked first: named ones (of listed members) with their author's
// name, anonymous ones only where the author chose to include them, and then with no name at all.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Institution } from '../../../shared/institutions';
import { BOOK_LIMITS } from '../../../shared/values/book';
import { type Db, queryRows } from '../../db/client';
import type { ObjectStorage } from '../../platform/storage';
import { classResults, listWins } from '../superlatives';
import type { ClassContents, ClassMember, PageContents, PhotoLoader } from './pdf/render';

/** Signatures printed on one page at most (the newest). */
const SIGNATURES_ON_PAGE = 200;
/** Asklines printed in a class book at most (the earliest). */
const ASKLINES_IN_BOOK = 200;

/** A photo as the book prints it: a square JPEG, small enough for its cell at print resolution. */
async function bookPhoto(storage: ObjectStorage, key: string, size: number): Promise<Buffer | null> {
  try {
    const object = await storage.get(key);
    if (!object) return null;
    return await sharp(object.body).resize(size, size, { fit: 'cover' }).jpeg({ quality: 80 }).toBuffer();
  } catch {
    // A picture that cannot be read or decoded prints as initials: the book is still made.
    return null;
  }
}

/** Loads a page of members' photos at once (sharp works off the event loop). */
export function photoLoader(storage: ObjectStorage): PhotoLoader {
  return (keys) => Promise.all(keys.map((key) => (key ? bookPhoto(storage, key, 300) : null)));
}

export async function pageContents(
  db: Db,
  storage: ObjectStorage,
  options: { userId: string; postIds: string[] },
): Promise<PageContents | null> {
  const [person] = await queryRows<{
    full_name: string;
    username: string;
    institution: Institution;
    graduation_year: number;
    bio: string;
    profile_picture_key: string | null;
  }>(
    db,
    sql`select full_name, username, institution, graduation_year, bio, profile_picture_key
        from profiles where user_id = ${options.userId}`,
  );
  if (!person) return null;
  const posts =
    options.postIds.length === 0
      ? []
      : await queryRows<{ id: string; content: string; created_at: Date | string }>(
          db,
          sql`select id::text, content, created_at from posts
              where id = any(${`{${options.postIds.join(',')}}`}::uuid[]) and user_id = ${options.userId}
                and not deleted and not is_anonymous and parent_id is null`,
        );
  const byId = new Map(posts.map((post) => [post.id, post]));
  const signatures = await queryRows<{ full_name: string; content: string }>(
    db,
    sql`select p.full_name, s.content from signatures s join profiles p on p.user_id = s.writer_id
        where s.recipient_id = ${options.userId} and s.status = 'approved'
          and not exists (select 1 from blocks b
            where (b.blocker_id = s.recipient_id and b.blocked_id = s.writer_id)
               or (b.blocker_id = s.writer_id and b.blocked_id = s.recipient_id))
        order by s.updated_at desc, s.id desc limit ${SIGNATURES_ON_PAGE}`,
  );
  return {
    fullName: person.full_name,
    username: person.username,
    campus: person.institution,
    year: person.graduation_year,
    bio: person.bio,
    photo: person.profile_picture_key ? await bookPhoto(storage, person.profile_picture_key, 400) : null,
    wins: (await listWins(db, { userId: options.userId })).map(({ title, year, campus }) => ({
      title,
      year,
      campus,
    })),
    posts: options.postIds.flatMap((id) => {
      const post = byId.get(id);
      return post ? [{ content: post.content, createdAt: new Date(post.created_at) }] : [];
    }),
    signatures: signatures.map((row) => ({ writerName: row.full_name, content: row.content })),
  };
}

/** The members a class book prints, by name then username (the class page's order). */
export async function classMembers(db: Db, year: number, campus: Institution): Promise<ClassMember[]> {
  const rows = await queryRows<{
    full_name: string;
    username: string;
    bio: string;
    profile_picture_key: string | null;
  }>(
    db,
    sql`select full_name, username, bio, profile_picture_key from profiles
        where graduation_year = ${year} and institution = ${campus} and not hidden_from_class
        order by lower(full_name), username`,
  );
  return rows.map((row) => ({
    fullName: row.full_name,
    username: row.username,
    bioLine: firstLine(row.bio),
    pictureKey: row.profile_picture_key,
  }));
}

/** The bio's first line that says something ('' for none), as the class page shows it. */
function firstLine(bio: string): string {
  return (
    bio
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

export async function classContents(
  db: Db,
  options: { year: number; campus: Institution; madeAt: Date },
): Promise<ClassContents> {
  const { year, campus } = options;
  const members = await classMembers(db, year, campus);
  // Answers by members of the class (as the book lists them) to verified asklines: named ones, and
  // anonymous ones their authors chose to include. An anonymous answer's author is read here to know
  // they are of this class, and never leaves this query: its row carries no name.
  const answers = await queryRows<{
    askline_id: string;
    askline: string;
    content: string;
    author: string | null;
  }>(
    db,
    sql`with answers as (
          select a.id as askline_id, a.content as askline, a.created_at as asked_at, p.content,
            case when p.is_anonymous then null else pr.full_name end as author,
            row_number() over (partition by a.id order by p.like_count desc, p.created_at, p.id) as rank
          from asklines a
          join posts p on p.askline_id = a.id
          join profiles pr on pr.user_id = p.user_id
          where a.verified and not p.deleted and p.parent_id is null
            and (not p.is_anonymous or p.in_class_book)
            and pr.graduation_year = ${year} and pr.institution = ${campus}
            -- A named answer names its author: only of members the book lists. An anonymous one names
            -- no one, so its author's choice alone decides (someone hidden from the class page too).
            and (p.is_anonymous or not pr.hidden_from_class))
        select askline_id::text, askline, content, author from answers
        where rank <= ${BOOK_LIMITS.answersPerAskline}
          and askline_id in (select askline_id from answers group by askline_id
            order by min(asked_at), askline_id limit ${ASKLINES_IN_BOOK})
        order by asked_at, askline_id, rank`,
  );
  const asklines: ClassContents['asklines'] = [];
  for (const row of answers) {
    let last = asklines.at(-1) as (ClassContents['asklines'][number] & { id?: string }) | undefined;
    if (!last || last.id !== row.askline_id) {
      last = { id: row.askline_id, content: row.askline, answers: [] };
      asklines.push(last);
    }
    last.answers.push({ content: row.content, author: row.author });
  }
  return {
    year,
    campus,
    madeAt: options.madeAt,
    members,
    superlatives: (await classResults(db, { year, campus })).map(({ title, winner }) => ({
      title,
      winner: winner && { fullName: winner.fullName, username: winner.username },
    })),
    asklines: asklines.map(({ content, answers }) => ({ content, answers })),
  };
}
