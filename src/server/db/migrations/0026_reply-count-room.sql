-- Room on every page of posts for a row's next version (issue #49): a reply adds one to its thread's
-- reply_count (and its branch's), and likes to like_count. reply_count is in no index, so its update
-- can be HOT (heap-only: no index is written) when the row's page has room for the new version. On a
-- full page the new version goes elsewhere and every one of the table's indexes (the three GIN among
-- them) gets an entry for it at the thread's old place: that made a reply cost three times a post's
-- database time. New and moved rows now leave 15% of their page free (existing full pages get room as
-- their rows move). Only the setting changes: no rewrite, a SHARE UPDATE EXCLUSIVE lock for a moment.
ALTER TABLE "posts" SET (fillfactor = 85);
