// Where a part that comes with its first use is drawn (a dialog's form, `dialog` below; a screen,
// Shell.tsx): until its code has come, the screens' spinner over what is there, which stays
// as it is; if it cannot come (the connection dropped before the service worker kept a copy), a
// message saying so, with Reload (and Close, for a dialog), instead of a blank console.
import { Component, Suspense, type ReactNode } from 'react';
import { lazyNamed } from './lazyNamed';
import './plain/plain.css';

/**
 * A dialog a screen opens on a click, loaded as its own chunk with its first opening: its form
 * (with zod and the contract's schemas) is not part of the screen's first draw. Drawn inside an
 * `OnFirstOpen`, which shows the spinner meanwhile.
 */
export const dialog = lazyNamed;

export const NOT_DOWNLOADED_TEXT = 'This part of the console has not been downloaded to this device yet, and the connection dropped.';

/**
 * A chunk that could not be fetched, in the words of Chromium, Firefox and Safari, and of Vite's
 * preload of a chunk's stylesheet. Any other error is not this boundary's to explain.
 */
export const isNotDownloaded = (error: unknown): boolean =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);

interface Props {
  children: ReactNode;
  /** A dialog's Close: the screen under it goes on. Without it (a screen), the message offers Reload only. */
  onClose?: () => void;
  /** A screen's path: going to another screen clears the message. */
  resetKey?: string;
}

class LoadFailed extends Component<Props, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== undefined) this.setState({ error: undefined });
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    // Passed on to the boundary above: a fault of the code is not a missing download.
    if (!isNotDownloaded(error)) throw error;
    const { onClose } = this.props;
    // Blueprint's warning callout in plain HTML: the UI kit may be the part that did not come.
    return (
      <div role="alert" className={`plain-callout-warning${onClose ? ' console-load-failed-over' : ''}`}>
        <p>{NOT_DOWNLOADED_TEXT} Reload the page once you are back online.</p>
        {/* The browser keeps a failed download of a module for the page's life: only a reload asks again. */}
        <button type="button" className="plain-button" onClick={() => window.location.reload()}>
          Reload
        </button>
        {onClose && (
          <button type="button" className="plain-button" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    );
  }
}

const spinner = <span className="plain-spinner console-loading" role="progressbar" aria-label="Loading" />;

export function OnFirstOpen({ children, onClose, resetKey }: Props) {
  return (
    <LoadFailed onClose={onClose} resetKey={resetKey}>
      <Suspense fallback={spinner}>{children}</Suspense>
    </LoadFailed>
  );
}
