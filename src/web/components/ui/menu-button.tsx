import { type KeyboardEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { Icon } from '../icons/icon';
import { useDismiss } from './use-dismiss';

const itemClasses =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

export interface MenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** A link (rendered by `renderLink`) or an action. */
  onSelect?: () => void;
  href?: string;
  /** The current choice of a menu that picks one (a sort order). */
  checked?: boolean;
}

/**
 * A button that shows a short list of actions or links (a disclosure, like the profile menu): it closes
 * on an outside click, on Escape (focus back on the button) and when an item is chosen. While it is
 * open, Down and Up move between its items (round the ends; from the button to the first or the last),
 * Home and End go to the ends (issue #51), and Tab leaves it as it leaves any list of links.
 */
export function MenuButton({
  label,
  buttonContent,
  buttonClassName,
  items,
  align = 'right',
  renderLink,
}: {
  /** The button's accessible name. */
  label: string;
  buttonContent: ReactNode;
  buttonClassName: string;
  items: MenuItem[];
  align?: 'left' | 'right';
  renderLink?: (item: MenuItem, close: () => void, className: string) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);

  useDismiss(open, close, containerRef, buttonRef);

  function moveFocus(event: KeyboardEvent<HTMLElement>) {
    if (!open) return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(':scope>ul a,:scope>ul button')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to: number | undefined = (
      {
        ArrowDown: at + 1,
        ArrowUp: (at > 0 ? at : items.length) - 1,
        Home: 0,
        End: items.length - 1,
      } as Record<string, number>
    )[event.key];
    if (to === undefined) return;
    event.preventDefault();
    items[to % items.length]?.focus();
  }

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys of its button and items, caught where they meet.
    <div ref={containerRef} className="relative" onKeyDown={moveFocus}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((current) => !current)}
        className={buttonClassName}
      >
        {buttonContent}
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className={`absolute z-20 mt-1 w-max min-w-52 max-w-72 space-y-0.5 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl dark:border-slate-800 dark:bg-slate-900 ${align === 'right' ? 'right-0' : 'left-0'}`}
      >
        {/* The items exist while the menu is open: a thread of fifty replies, each with a closed
            menu, would otherwise draw and hydrate some thousand elements nobody sees (issue #51). */}
        {(open ? items : []).map((item) => (
          <li key={item.key}>
            {item.href && renderLink ? (
              renderLink(item, close, itemClasses)
            ) : (
              <button
                type="button"
                aria-pressed={item.checked}
                onClick={() => {
                  close();
                  item.onSelect?.();
                }}
                className={itemClasses}
              >
                {item.icon}
                <span className="flex-1">{item.label}</span>
                {item.checked ? (
                  <Icon name="check" className="size-4 text-brand-600 dark:text-brand-300" />
                ) : null}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
