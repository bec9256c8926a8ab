// ESLint for the whole repository (`npm run lint`, part of `npm test`).
// - every file: @eslint/js recommended;
// - every .ts/.tsx: typescript-eslint recommended, without type information (fast: no program is built;
//   `tsc -p tsconfig.json` already type-checks);
// - the client (web/src): the React hooks rules (eslint-plugin-react-hooks recommended, which includes
//   the React Compiler rules: purity, refs, set-state-in-effect, ...) and browser globals;
// - everything else (services, events, read-models, infra, benches, web/e2e, build scripts): Node globals;
// - outside read-models/: no `readModels.collection(...)` (the read side answers its own questions).
// A rule is switched off for one line only, with the reason: `// eslint-disable-next-line rule -- why`.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', 'web/dist-ssr/', 'coverage/', 'data/', 'tmp/', '.bench/', 'web/e2e/.screenshots/']),
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
    // The read side answers its own questions (docs/architecture.md "Layout"): outside read-models/, code
    // asks a read model's queries (`read-models/<m>/queries.ts`), never a collection, so each question
    // and the index it needs live in one place. Tests too: a missing query is added there.
    files: ['**/*.{ts,tsx}'],
    ignores: ['read-models/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='collection']:matches([callee.object.name='readModels'], [callee.object.property.name='readModels'])",
          message: "Read-model collections are read in read-models/ only: call (or add) a query in read-models/<name>/queries.ts instead of readModels.collection(...).",
        },
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
