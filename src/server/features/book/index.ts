// The book (issue #52, decision 041): "My yearbook page" and the class book as PDFs, made in the
// background. Its routes are mounted by app.ts; its maker is started by main.ts and the test server.
export { type BookMaker, makeQueuedBooks, removeExpiredBooks, startBookMaker } from './book-maker';
export { bookJobRoutes, classBookRoutes, classBookSwitchRoutes, myBookRoutes } from './routes';
