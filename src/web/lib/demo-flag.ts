// Whether this tab is in the demo (SPEC §1/§4: Demo Sign In signs in as a local fake user with no
// server call and no server session; features/auth/demo-session.ts is that user). The flag lives in
// session storage, so it ends with the tab. In lib, beside the storage it reads, because the query
// cache asks it too (lib/query-client.ts), and lib imports no feature.
import { storageKeys } from '../config/storage-keys';

export function isDemoSession(): boolean {
  try {
    return sessionStorage.getItem(storageKeys.demoSession) === '1';
  } catch {
    return false;
  }
}

export function startDemoSession(): void {
  sessionStorage.setItem(storageKeys.demoSession, '1');
}

export function endDemoSession(): void {
  sessionStorage.removeItem(storageKeys.demoSession);
}
