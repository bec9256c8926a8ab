import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi, type ServerReads } from '../api/base-api.ts';

/** What the store holds: the RTK Query cache. */
export type AppState = { [K in typeof baseApi.reducerPath]: ReturnType<typeof baseApi.reducer> };

export interface StoreOptions {
  /** The cache as the server rendered the page with it (the client's hydration starts from it). */
  preloadedState?: AppState;
  /** On the server: the in-process reads the queries resolve with (base-api.ts). */
  serverReads?: ServerReads;
}

/** The Redux store: the RTK Query cache and nothing else (screen state lives in components). */
export function makeStore(options: StoreOptions = {}) {
  const store = configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    ...(options.preloadedState ? { preloadedState: options.preloadedState } : {}),
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: options.serverReads } }).concat(baseApi.middleware),
  });
  // Focus/reconnect listeners: globally off (createApi), enabled per query where the spec asks (news).
  // None on the server, which has no window to listen to.
  if (!options.serverReads) setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
