// useShortDate on a page the server drew: the campuses' date while hydrating, then the reader's,
// drawn again only where the two differ. The reader here is in Los Angeles (13 h 30 min behind India).
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useShortDate } from './format-short-date';

const zoneBefore = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ;
  else process.env.TZ = zoneBefore;
});

function DateLine({ iso, onRender }: { iso: string; onRender: () => void }) {
  onRender();
  return <p>{useShortDate(iso)}</p>;
}

/** Server-renders the line, hydrates it, and says what it read before and after, and how often it rendered. */
async function hydrated(iso: string) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<DateLine iso={iso} onRender={() => {}} />);
  const drawnByServer = container.textContent;
  const onRender = vi.fn();
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const root = await act(async () => hydrateRoot(container, <DateLine iso={iso} onRender={onRender} />));
  const result = {
    drawnByServer,
    shown: container.textContent,
    renders: onRender.mock.calls.length,
    errors: errors.mock.calls,
  };
  errors.mockRestore();
  act(() => root.unmount());
  return result;
}

describe('useShortDate after a server render', () => {
  it('is in the zone this test set', () => {
    // 2026-01-10 12:00 UTC is 04:00 in Los Angeles (UTC-8 in winter).
    expect(new Date('2026-01-10T12:00:00.000Z').getHours()).toBe(4);
  });

  it('leaves a date that reads the same in both zones alone: one render, no change', async () => {
    // 17:30 in India, 04:00 in Los Angeles: Jan 10 in both.
    const { drawnByServer, shown, renders, errors } = await hydrated('2026-01-10T12:00:00.000Z');
    expect(drawnByServer).toBe('Jan 10, 2026');
    expect(shown).toBe('Jan 10, 2026');
    expect(renders).toBe(1);
    expect(errors).toEqual([]);
  });

  it("moves a date that reads differently to the reader's, without a hydration mismatch", async () => {
    // 01:30 on Jan 11 in India, 12:00 on Jan 10 in Los Angeles.
    const { drawnByServer, shown, renders, errors } = await hydrated('2026-01-10T20:00:00.000Z');
    expect(drawnByServer).toBe('Jan 11, 2026');
    expect(shown).toBe('Jan 10, 2026');
    expect(renders).toBe(2);
    expect(errors).toEqual([]);
  });
});
