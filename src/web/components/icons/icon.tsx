import iconSprite from 'virtual:icon-sprite';
import type { IconName } from './icon-names';

/**
 * A Lucide icon (24 px grid, 2 px round stroke in the text's colour), drawn from the build's sprite
 * (scripts/icon-sprite.ts): the page carries a reference, and the browser fetches the one sprite
 * file once and keeps it. Always decorative: what a control does is said by its own label.
 * `className` sizes and colours it (`size-5`, `text-…`, `fill-current` to fill).
 */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className}
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`${iconSprite}#${name}`} />
    </svg>
  );
}
