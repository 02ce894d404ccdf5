// The announcer on a page the server drew: something said before the page is taken over (a session
// found to have ended as the page starts, issue #43) must not make the browser's first render differ
// from the server's, and is shown once it has taken over.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it, vi } from 'vitest';
import { Announcer, announce } from './announcer';

it('hydrates as the server drew it, then shows what was said before', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Announcer />);
  document.body.append(container);
  announce('You were signed out', 'info');

  const mismatch = vi.fn();
  const root = await act(async () => hydrateRoot(container, <Announcer />, { onRecoverableError: mismatch }));
  expect(await screen.findByText('You were signed out')).toBeTruthy();
  expect(mismatch).not.toHaveBeenCalled();
  act(() => root.unmount());
  container.remove();
});

it("offers the toast's action while it shows, and takes the toast down when it is pressed", () => {
  const undo = vi.fn();
  const view = render(<Announcer />);
  act(() => announce('Post hidden from your feed.', 'info', { label: 'Undo', onSelect: undo }));
  fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
  expect(undo).toHaveBeenCalledOnce();
  expect(screen.queryByText('Post hidden from your feed.')).toBeNull();
  view.unmount();
});

it('keeps a toast up while it holds the focus or the pointer, and takes it down its full time after', async () => {
  vi.useFakeTimers();
  try {
    const view = render(<Announcer />);
    act(() => announce('Post hidden from your feed.', 'info', { label: 'Undo', onSelect: () => {} }));
    const undo = await vi.waitFor(() => screen.getByRole('button', { name: 'Undo' }));
    // Reached by keyboard after a while: it stays however long the focus does.
    act(() => vi.advanceTimersByTime(9_000));
    act(() => undo.focus());
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Post hidden from your feed.')).toBeTruthy();
    // Let go: its full time again, then gone.
    act(() => undo.blur());
    act(() => vi.advanceTimersByTime(9_000));
    expect(screen.getByText('Post hidden from your feed.')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('Post hidden from your feed.')).toBeNull();

    // Pointed at: the same.
    act(() => announce('Muted.', 'info', { label: 'Undo', onSelect: () => {} }));
    const toast = screen.getByText('Muted.').parentElement as HTMLElement;
    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('Muted.')).toBeTruthy();
    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.queryByText('Muted.')).toBeNull();
    view.unmount();
  } finally {
    vi.useRealTimers();
  }
});
