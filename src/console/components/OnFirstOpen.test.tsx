import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { dialog, isNotDownloaded, NOT_DOWNLOADED_TEXT, OnFirstOpen } from './OnFirstOpen';

/** A module as a dialog's chunk would export it, arriving when `arrive` is called or failing when `fail` is. */
function deferredModule() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  const module = new Promise<{ NameDialog: (props: { name: string }) => ReactNode }>((resolve, reject) => {
    arrive = () => resolve({ NameDialog: ({ name }) => <div role="dialog">Edit {name}</div> });
    fail = reject;
  });
  return { load: () => module, arrive: () => arrive(), fail: (error: Error) => fail(error) };
}

class Fallback extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Caught above: {this.state.error.message}</p> : this.props.children;
  }
}

describe('OnFirstOpen', () => {
  it('shows the spinner until the dialog has come, then the dialog with its props', async () => {
    const chunk = deferredModule();
    const NameDialog = dialog(chunk.load, 'NameDialog');
    render(
      <OnFirstOpen onClose={() => {}}>
        <NameDialog name="sim_activation" />
      </OnFirstOpen>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    chunk.arrive();
    expect(await screen.findByRole('dialog')).toHaveTextContent('Edit sim_activation');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says so when the dialog cannot be downloaded, with Reload, and Close goes back to the screen', async () => {
    const chunk = deferredModule();
    const NameDialog = dialog(chunk.load, 'NameDialog');
    const onClose = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <OnFirstOpen onClose={onClose}>
        <NameDialog name="x" />
      </OnFirstOpen>,
    );
    chunk.fail(new TypeError('Failed to fetch dynamically imported module: https://console.test/assets/NameDialog-1.js'));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_DOWNLOADED_TEXT);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
    vi.restoreAllMocks();
  });

  it('offers Reload alone for a screen, and leaves any other error to the boundary above', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = (): ReactNode => {
      throw new Error('a fault of the code');
    };
    render(
      <Fallback>
        <OnFirstOpen>
          <Broken />
        </OnFirstOpen>
      </Fallback>,
    );
    expect(screen.getByText('Caught above: a fault of the code')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const chunk = deferredModule();
    const NameDialog = dialog(chunk.load, 'NameDialog');
    render(
      <OnFirstOpen>
        <NameDialog name="x" />
      </OnFirstOpen>,
    );
    chunk.fail(new TypeError('Importing a module script failed.'));
    expect(await screen.findByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('knows a missing chunk in the words of each browser', () => {
    expect(isNotDownloaded(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isNotDownloaded(new TypeError('error loading dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isNotDownloaded(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isNotDownloaded(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isNotDownloaded(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
  });
});
