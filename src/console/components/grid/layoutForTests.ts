// jsdom lays nothing out: every element measures 0 by 0, and Table2, which draws only the cells in
// view, would draw none. This gives elements a screen's size while a grid test runs.
import { afterEach, beforeEach, vi } from 'vitest';

let idleMessagesDelivered = false;

/**
 * Table2 draws the cells of an update in batches when the page is idle, which it learns from a
 * message the window posts to itself (the global postMessage), checked to come from `window`.
 * jsdom's messages do not: they are delivered here as a browser delivers them. Installed once for
 * the whole test file and never undone, since Table2 keeps, for the page's life, whether it is
 * waiting for such a message: one lost between two tests would stop its batches in every later test.
 */
function deliverIdleMessages() {
  if (idleMessagesDelivered) return;
  idleMessagesDelivered = true;
  vi.spyOn(globalThis, 'postMessage').mockImplementation((data: unknown) => {
    setTimeout(() => window.dispatchEvent(new MessageEvent('message', { data, source: window })));
  });
}

export function giveElementsASize(width = 1440, height = 900): () => void {
  deliverIdleMessages();
  const rect = { x: 0, y: 0, top: 0, left: 0, width, height, right: width, bottom: height, toJSON: () => ({}) } as DOMRect;
  const spies = [
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(width),
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(height),
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(width),
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(height),
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(rect),
  ];
  return () => {
    for (const spy of spies) spy.mockRestore();
  };
}

/** A grid test file's hooks: today fixed at `now` (Date only, timers stay real) and elements given a size. */
export function gridTestSetup(now = '2026-11-21T10:00:00Z'): void {
  let restoreLayout: () => void = () => undefined;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(now) });
    restoreLayout = giveElementsASize();
  });
  afterEach(() => {
    restoreLayout();
    vi.useRealTimers();
  });
}
