import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { ToastProvider } from '../components/ui/toast.tsx';
import { GlobalStyle } from '../styles/global-style.ts';
import { theme } from '../styles/theme.ts';
import type { AppStore } from './store.ts';

/** Everything a screen needs above it: store, theme, global style, toasts. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </Provider>
  );
}
