// What other features may use of posts: finding, selecting and presenting posts (reports, search,
// sharing and askline pages list and show them). Everything else here is the posts feature's own.
export { findPost } from './find-post';
export { listPostsNewestFirst } from './list-profile-posts';
export { presentPost } from './present-post';
export { olderThan, type PostRow, selectPosts, selectPostsWith } from './select-posts';
