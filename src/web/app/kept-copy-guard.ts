// The kept copy of the query cache is shown only to the session that kept it, and goes when that
// session ends: auth's watch, handed to lib (lib/kept-copy-guard.ts says why). Imported by main.tsx
// first, and by the web tests' set-up (tests/support/web-setup.ts); the watch itself loads with the
// kept copy's code, after the page is on screen.
import { keptCopyGuard } from '../lib/kept-copy-guard';

keptCopyGuard.load = () => import('../features/auth/kept-copy-guard');
