// What writing a post says (SPEC §8), apart from what reading posts says (posts.ts): the pages every
// visitor opens load only the latter (the build's `cards` file, scripts/chunk-groups.ts).
import { POST_MAX_LENGTH } from '../limits';

export const POST_WRITE_MESSAGES = {
  contentRequired: 'Please write something before posting.',
  contentTooLong: `Posts can be at most ${POST_MAX_LENGTH} characters.`,
  createSignedOut: 'You must be logged in to create a post',
  likeSignedOut: 'Sign in to like',
  asklineMissing: 'That askline does not exist or is not published yet.',
  notOwner: 'You can only delete your own posts.',
} as const;
