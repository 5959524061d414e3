// Render a screen as the console does: the store (makeStore(preloadedState), as in the
// redux-toolkit examples) and a router at `route`. `location()` is where the router is now.
import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, type InitialEntry, type Location } from 'react-router-dom';
import { makeStore, type AppStore, type RootState } from '../app/store';

interface ProviderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  preloadedState?: Partial<RootState>;
  /** Where the router starts: a path, or a location with its state. */
  route?: InitialEntry;
  store?: AppStore;
}

function LocationProbe({ onChange }: { onChange(location: Location): void }) {
  const location = useLocation();
  // A layout effect: the location is known by the time the new screen is on the page.
  useLayoutEffect(() => onChange(location), [location, onChange]);
  return null;
}

export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { preloadedState, route = '/', store = makeStore(preloadedState), ...renderOptions } = options;
  let current: Location | null = null;
  const remember = (location: Location) => {
    current = location;
  };
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>
          {children}
          <LocationProbe onChange={remember} />
        </MemoryRouter>
      </Provider>
    );
  }
  /** The router's current location (pathname + search), once the first render has settled. */
  const location = () => {
    if (!current) throw new Error('The router has not rendered yet.');
    return `${current.pathname}${current.search}`;
  };
  return { store, user: userEvent.setup(), location, ...render(ui, { wrapper: Wrapper, ...renderOptions }) };
}
