import './app/zodWithoutEval';
import '@blueprintjs/core/lib/css/blueprint.css';
import './app/console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { PersistGate } from 'redux-persist/integration/react';
import { App } from './app/App';
import { makePersistor, makeStore } from './app/store';

const store = makeStore();
const persistor = makePersistor(store);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate persistor={persistor} loading={null}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </PersistGate>
    </Provider>
  </StrictMode>,
);

// Offline shell and the update prompt (production builds only), in a chunk of their own: the
// first paint does not wait for them.
if (import.meta.env.PROD) void import('./pwa/registerServiceWorker').then(({ registerServiceWorker }) => registerServiceWorker());
