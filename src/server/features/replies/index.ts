// Replies (issue #49, decision 034): writing one into a thread, reading a thread a page at a time, and
// what a reply looks like outside the server. Their routes are the posts feature's (a post's replies,
// posts/reply-routes.ts), which also holds what the text check holds; held-posts publishes a held reply
// through createReply.
export { countReply, createReply, type NewReply, setRepliesEnabled } from './create-reply';
export {
  findReply,
  listBranch,
  listThread,
  type ReplyRow,
  readThreadHead,
  type ThreadHead,
} from './list-thread';
export { presentReply } from './present-reply';
