// The UI kit's stylesheet comes with the screens that draw it (components/blueprint.ts), not here:
// the login page paints with plain.css alone.
import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { App, loadSignedInSide } from './app/App';
import { makePersistor, makeStore, type AppStore } from './app/store';
import { countBytesUsed, isDataSaverOn } from './http/dataSaver';
import { selectSignedIn } from './session/sessionSlice';

// The data saver's setting shows what this tab has received since it opened.
countBytesUsed();

// The store is made, restored and drawn in a task of its own after the first paint (the static header
// of index.html): on a tablet's slow CPU the modules' first run and this together held the page for
// too long at once (Lighthouse's blocking time), and the header waited for both.
// A tab opened in the background draws no frame: it boots after half a second all the same.
let booted = false;
const bootOnce = () => {
  if (booted) return;
  booted = true;
  boot();
};
requestAnimationFrame(() => setTimeout(bootOnce));
setTimeout(bootOnce, 500);

function boot() {
  const store = makeStore();
  const persistor = makePersistor(store);
  // Drawn once the stored state is back (redux-persist's PersistGate does the same as a component,
  // in more bytes than the login page can spare): a signed-in admin never sees the login page first.
  const stopWaiting = persistor.subscribe(drawWhenRestored);
  drawWhenRestored();
  if (import.meta.env.PROD) registerServiceWorkerLater(store);

  function drawWhenRestored() {
    if (!persistor.getState().bootstrapped) return;
    stopWaiting();
    // The shell's chunks are asked for before React draws, when the session is signed in, in a task
    // of their own: asking for a file costs Chromium's main thread about a millisecond.
    if (selectSignedIn(store.getState())) setTimeout(() => void loadSignedInSide());
    // React's renderer starts in a task of its own too (its module's first run is most of the framework's).
    setTimeout(() => void import('react-dom/client').then(({ createRoot }) => draw(createRoot(document.getElementById('root') as HTMLElement))));
  }

  function draw(root: Root) {
    // As a transition, the first render yields to the browser every few milliseconds instead of
    // holding the main thread for the whole tree.
    startTransition(() =>
      root.render(
        <StrictMode>
          <Provider store={store}>
            <BrowserRouter>
              <App />
            </BrowserRouter>
          </Provider>
        </StrictMode>,
      ),
    );
  }
}

// Offline shell and the update prompt (production builds only), in a chunk of their own. The
// service worker's first precache is the whole console (some 2 MB, compressed): on a weak link it
// must not compete with the first screen, so it starts a second after the page has loaded when an
// admin is signed in, and on the signed-out pages once an admin signs in or after PRECACHE_DELAY_MS.
const PRECACHE_DELAY_MS = 5_000;
function registerServiceWorkerLater(store: AppStore) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import('./pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
  };
  const afterLoad = () => {
    const signedIn = () => selectSignedIn(store.getState());
    if (signedIn()) return void setTimeout(start, 1_000);
    // The data saver's precache waits for someone to sign in: a page only looked at costs nothing more.
    if (!isDataSaverOn()) setTimeout(start, PRECACHE_DELAY_MS);
    const stop = store.subscribe(() => {
      if (!signedIn()) return;
      stop();
      setTimeout(start, 1_000);
    });
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
