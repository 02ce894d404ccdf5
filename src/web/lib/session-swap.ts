// A request that puts a new session in place of this browser's own: a new password ends every
// session of the account, this one too, and its answer brings the new cookie. Whatever holds a
// connection open on the old session races it: the bell's live stream, ended by the server and coming
// back before the answer has set the new cookie, is refused 401 and gives up. Such a request is sent
// through `swappingSession`; a connection that listens here lets go while it is out and comes back
// once it has been answered.

type SwapListener = (swapping: boolean) => void;

const listeners = new Set<SwapListener>();
let requestsOut = 0;

/** Whether a request that replaces the session is out now. */
export const sessionSwapping = (): boolean => requestsOut > 0;

/** Calls `listener` with true as such a request goes out, and false once none is left; answers the unsubscribe. */
export function onSessionSwap(listener: SwapListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const tell = (swapping: boolean) => {
  for (const listener of listeners) listener(swapping);
};

/** Sends `request`, a request whose answer replaces the session, with the listeners told before and after. */
export async function swappingSession<T>(request: () => Promise<T>): Promise<T> {
  if (requestsOut++ === 0) tell(true);
  try {
    return await request();
  } finally {
    if (--requestsOut === 0) tell(false);
  }
}
