// Signing someone's yearbook with the server stubbed (issue #52): the text check's warning asks
// "Sign anyway?" and signing then sends postAnyway; a refusal is shown in the server's words; an
// approval meanwhile (409) shows the signature as approved, with no form left.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGNATURE_MESSAGES } from '../../../../shared/signatures';
import { QueryProvider, queryClient } from '../../../lib/query-client';
import { MemoryRouter } from '../../../lib/router';
import { SignatureWriter } from './signature-writer';

const PATH = '/api/profiles/bina_r/signature';
const signature = (content: string, status: 'pending' | 'approved') => ({
  signature: {
    id: 's1',
    content,
    status,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    approvedAt: status === 'approved' ? '2026-11-21T10:00:00.000Z' : null,
  },
});
const refusal = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status });

/** The server: `mine` answers GET; `answers` answer each PUT in turn. Records the PUTs' bodies. */
function stubServer(mine: () => unknown, answers: (() => Response)[]) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (path !== PATH) return Response.json({}, { status: 404 });
      if (init.method === 'PUT') {
        sent.push(JSON.parse(String(init.body)));
        return (answers.shift() ?? (() => refusal(500, 'error', 'no answer left')))();
      }
      return Response.json(mine());
    }),
  );
  return sent;
}

function draw() {
  render(
    <QueryProvider>
      <MemoryRouter initialEntries={['/bina_r']}>
        <SignatureWriter username="bina_r" firstName="Bina" />
      </MemoryRouter>
    </QueryProvider>,
  );
}

async function openAndWrite(text: string) {
  fireEvent.click(await screen.findByRole('button', { name: "Sign Bina's yearbook" }));
  fireEvent.change(screen.getByRole('textbox', { name: "Your message in Bina's yearbook" }), {
    target: { value: text },
  });
  expect(screen.getByText(`${text.length}/256`)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
}

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('signing a yearbook', () => {
  it('asks "Sign anyway?" on the text check’s warning, and sends postAnyway then', async () => {
    const sent = stubServer(
      () => ({ signature: null }),
      [
        () => refusal(422, 'rethink', 'This may hurt someone. Edit it, or post anyway.'),
        () => Response.json(signature('You goof', 'pending')),
      ],
    );
    draw();
    await openAndWrite('You goof');
    expect((await screen.findByRole('alert')).textContent).toContain('This may hurt someone.');
    fireEvent.click(screen.getByRole('button', { name: 'Sign anyway' }));
    expect(await screen.findByText(SIGNATURE_MESSAGES.waiting)).toBeTruthy();
    expect(sent).toEqual([
      { content: 'You goof', postAnyway: false },
      { content: 'You goof', postAnyway: true },
    ]);
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('says a refusal in the server’s words and keeps the text; says an empty one before asking', async () => {
    const sent = stubServer(
      () => ({ signature: null }),
      [() => refusal(400, 'validation_failed', SIGNATURE_MESSAGES.held)],
    );
    draw();
    await openAndWrite('   ');
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNATURE_MESSAGES.contentRequired);
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Something held' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNATURE_MESSAGES.held);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('Something held');
  });

  it('shows it approved when it was approved meanwhile (409), with no form', async () => {
    let approved = false;
    stubServer(
      () => (approved ? signature('First words', 'approved') : signature('First words', 'pending')),
      [
        () => {
          approved = true;
          return refusal(409, 'conflict', SIGNATURE_MESSAGES.alreadyApproved);
        },
      ],
    );
    draw();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("You signed Bina's yearbook")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});
