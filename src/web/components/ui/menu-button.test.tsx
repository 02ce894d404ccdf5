// The menus of the post card (Share, More options), the feed's Filter and the reports' Sort: opened by
// their button, walked with the arrow keys, Home and End (issue #51), closed by Escape with focus back
// on the button, and by choosing an item.
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton, type MenuItem } from './menu-button';

function renderMenu(items: MenuItem[]) {
  // Inside a list, as a card in a feed is: only the menu's own items are walked.
  render(
    <ul>
      <li>
        <MenuButton
          label="Share"
          buttonContent="Share"
          buttonClassName=""
          items={items}
          renderLink={(item, close, className) => (
            <a href={item.href} onClick={close} className={className}>
              {item.label}
            </a>
          )}
        />
      </li>
    </ul>,
  );
  return screen.getByRole('button', { name: 'Share' });
}

const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
const focused = () => document.activeElement?.textContent;

describe('MenuButton', () => {
  it('moves between its items, buttons and links alike, round the ends', () => {
    const button = renderMenu([
      { key: 'copy', label: 'Copy link', onSelect: () => {} },
      { key: 'default', label: 'Original', href: '/a/1' },
      { key: 'square', label: 'LinkedIn 1:1', href: '/a/1?format=square' },
      { key: 'story', label: 'Story 9:16', href: '/a/1?format=story' },
    ]);
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    button.focus();

    press('ArrowDown');
    expect(focused()).toBe('Copy link');
    press('ArrowDown');
    expect(focused()).toBe('Original');
    press('ArrowUp');
    press('ArrowUp');
    expect(focused()).toBe('Story 9:16');
    press('ArrowDown');
    expect(focused()).toBe('Copy link');
    press('End');
    expect(focused()).toBe('Story 9:16');
    press('Home');
    expect(focused()).toBe('Copy link');

    // Escape closes it and puts focus back on its button.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('from its button, Up goes to the last item; a closed menu leaves the keys alone', () => {
    const chosen = vi.fn();
    const button = renderMenu([
      { key: 'dislike', label: 'Dislike', onSelect: chosen },
      { key: 'report', label: 'Report', onSelect: chosen },
    ]);
    button.focus();
    const down = fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(down).toBe(true); // not taken: the page may scroll
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    press('ArrowUp');
    expect(focused()).toBe('Report');
    // Other keys are the item's own: Enter chooses it, and the menu closes.
    expect(press('Tab')).toBe(true);
    fireEvent.click(document.activeElement as HTMLElement);
    expect(chosen).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
