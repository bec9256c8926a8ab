// ESLint for the whole repository (`npm run lint`, part of `npm test`).
// - every file: @eslint/js recommended;
// - every .ts/.tsx: typescript-eslint recommended, without type information (fast: no program is built;
//   `tsc -p tsconfig.json` already type-checks);
// - the client (web/src): the React hooks rules (eslint-plugin-react-hooks recommended, which includes
//   the React Compiler rules: purity, refs, set-state-in-effect, ...) and browser globals;
// - everything else (services, events, read-models, infra, benches, web/e2e, build scripts): Node globals.
// A rule is switched off for one line only, with the reason: `// eslint-disable-next-line rule -- why`.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', 'coverage/', 'data/', 'tmp/', '.bench/', 'web/e2e/.screenshots/']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // The house convention (and tsc's): a leading underscore marks a deliberately unused name, e.g. a
      // parameter an interface requires or a field dropped with `const { a: _a, ...rest } = x`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    ignores: ['web/src/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
]);
