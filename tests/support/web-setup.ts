// Set-up for the `web` vitest project (happy-dom): each test starts with an empty page, storage and
// announcer, and with real timers (a test that fakes them restores them here too). Testing Library's
// waits (findBy…, waitFor) get its 1 s limit stretched by the machine's factor: a lazily loaded part
// that a test waits for is compiled on first import, which takes longer on a busy machine.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// As main.tsx does: the kept copy of the query cache is judged by auth's watch.
import '../../src/web/app/kept-copy-guard';
import { clearAnnouncements } from '../../src/web/components/ui/announcer';
import { scaled } from './machine-factor';

configure({ asyncUtilTimeout: scaled(1_000) });

afterEach(() => {
  cleanup();
  clearAnnouncements();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
