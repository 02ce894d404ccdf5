import type { ReactNode } from 'react';
import { Icon } from '../icons/icon';

/** A list or page on its way: a spinner and the page's words ('Loading...', 'Loading posts...'), announced politely. */
export function LoadingStatus({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="status"
      className={`flex items-center gap-2 text-slate-600 dark:text-slate-300 ${className}`.trim()}
    >
      <Icon name="loader-circle" className="size-5 animate-spin motion-reduce:animate-none" />
      {children}
    </p>
  );
}
