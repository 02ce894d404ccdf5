// What writing, choosing and reviewing an askline say, apart from what reading one says (asklines.ts):
// the pages a shared link opens load only the latter (the build's `askline-card` file).
import { ASKLINE_MAX_LENGTH } from '../limits';

export const ASKLINE_WRITE_MESSAGES = {
  contentRequired: 'Please write your askline before submitting.',
  contentTooLong: `Asklines can be at most ${ASKLINE_MAX_LENGTH} characters.`,
  createSignedOut: 'You must be logged in to create an askline',
  noMatch:
    'No match is found. You can submit an askline on the Asklines page. We will verify and publish it.',
  searchFailed: 'Failed to search asklines. Please try again.',
  noneVerified: 'No verified asklines available',
  randomFailed: 'Failed to choose random askline',
  queryRequired: 'Type something to search for.',
  reviewForbidden: 'Only admins and moderators can verify asklines.',
  alreadyReviewed: 'This askline has already been reviewed.',
  submitted: 'Thanks! Your askline will appear once it is verified.',
} as const;
