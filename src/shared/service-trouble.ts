// What people are told when a service the app depends on (the database, the bucket, the mail server)
// fails or does not answer in time: the trouble is ours, not their connection. The server sends it
// with a 503 and Retry-After; the web app shows it (with the kept copy) while it tries again by itself.
// Its own file, free of imports: the web app's outage screen reads it without pulling in anything else.

export const SERVICE_TROUBLE_MESSAGE =
  'The service is having trouble right now. Please try again in a moment.';

/** The Retry-After of a 503 for a dependency that failed or timed out, in seconds. */
export const SERVICE_TROUBLE_RETRY_SECONDS = 5;
