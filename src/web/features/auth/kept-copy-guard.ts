// What the kept copy of the query cache asks of the session (lib/kept-copy-guard.ts): a module of its
// own, loaded by itself with the kept copy's code, so that loading it needs no more than its file.
export { judgeKeptCopy, signedOutBeforeThisPage, watchForSignOut } from './signed-out-elsewhere';
