import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { ToastProvider } from '../components/ui/toast.tsx';
import { GlobalStyle } from '../styles/global-style.ts';
import { theme } from '../styles/theme.ts';
import type { AppState, AppStore } from './store.ts';

/**
 * Everything a screen needs above it: store, theme, global style, toasts.
 *
 * `serverState`: the state a server-rendered page was drawn with (main.tsx). While React hydrates,
 * every `useSelector` reads it instead of the store's state now; a lazy screen hydrates after its chunk
 * arrived, by when the store may have moved on (the header's "who is signed in" answered). Reading the
 * newer state there would draw, say, an enabled button over the server's disabled one, and React does
 * not patch attributes that differ during hydration: the button would stay `aria-busy` for good. With
 * the server's state, hydration matches the HTML and React re-renders the changed selections right after.
 */
export function AppProviders({ store, serverState, children }: { store: AppStore; serverState?: AppState; children: ReactNode }) {
  return (
    <Provider store={store} serverState={serverState}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </Provider>
  );
}
