/**
 * Vitest setup file of the `unit` project. Component specs (the `// @vitest-environment jsdom` ones)
 * wait with testing-library's `findBy*`/`waitFor`, whose default limit is 1 s: on a loaded 2-core CI
 * machine the first render of a screen (lazy modules transformed on demand, styled-components, a
 * time-sliced `useDeferredValue` render) can take longer, and the waits ran out although nothing was
 * wrong. One generous limit for every wait, well under the 20 s test timeout; a passing wait still
 * returns as soon as its condition holds, so fast machines lose nothing.
 *
 * Node specs of the same project (the backend) have no `document`: they skip it and never load
 * testing-library.
 */
const ASYNC_UTIL_TIMEOUT_MS = 10_000;

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });
}
