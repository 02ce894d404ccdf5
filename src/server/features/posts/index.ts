// What other features may use of posts: finding, selecting and presenting posts (reports, search,
// sharing and askline pages list and show them). Everything else here is the posts feature's own.
export { type FoundPost, findPost, findVisiblePost } from './find-post';
export { listPostsNewestFirst } from './list-profile-posts';
export { presentPost } from './present-post';
export { olderThan, type PostRow, postColumns, selectPosts, selectPostsWith } from './select-posts';
export { refuseUnanswered } from './text-verdict';
