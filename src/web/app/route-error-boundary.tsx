import { Component, type ErrorInfo, type ReactNode } from 'react';
import { DocumentTitle } from '../components/document-title';
import { composeButtonClasses } from '../components/ui/control-classes';
import { ReadyMark } from '../lib/ready-mark';

type Props = { children: ReactNode; onCaught?: () => void };
type State = { hasError: boolean };

// Catches render errors and failed chunk loads (typically a new deploy replaced the file an open tab
// still points at): a reload fixes the latter, so that is what we offer. React has no hook for this,
// hence the class.
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
    this.props.onCaught?.();
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
        <DocumentTitle title="Something went wrong" />
        {/* The page that failed never marks itself live; this one is, so taps held meanwhile are made. */}
        <ReadyMark part="page" />
        <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
        <p className="mt-4 text-slate-600 dark:text-slate-300">
          This page could not be shown. Reloading usually fixes it.
        </p>
        <button
          type="button"
          className={composeButtonClasses({ className: 'mt-8' })}
          onClick={() => window.location.reload()}
        >
          Reload page
        </button>
      </div>
    );
  }
}
