// Import boundaries, checked in `npm test` (`npm run deps`): the layering of docs/architecture.md and
// docs/client.md, the rules of docs/architecture.md "Layout".
//
// Backend, one direction: events ← domain ← (services, read-models, infra adapters); contracts ← (server,
// web). Web, bulletproof-react's: shared (api, components, lib, styles) → features → app.
//
// Module cycles. dependency-cruiser cannot compute cycles between folders (strongly connected
// components of `services/<m>`, `read-models/<m>`, ...), so `npm run deps` pipes its JSON into
// scripts/check-dependencies.ts, which prints the rule violations below and fails on any cycle between
// modules of production code. `no-circular` covers files, the one-way rules cover top-level folders.
//
// Tests are exempt where a rule is about production code: specs may compose anything they test
// (`*.spec.ts(x)`), as may the test helpers (`services/testing/`, `web/src/testing/`, which like
// bulletproof's test-utils renders with the app's providers), fixtures (`fixtures.ts`, `*.fixtures.ts`)
// and the browser tests (`web/e2e/`).
//
// Folders checked: see the `deps` script in package.json.

/** Test code: specs, test helpers, fixtures, browser tests. */
const TEST = ['\\.spec\\.tsx?$', '^services/testing/', '^web/src/testing/', '^web/e2e/', '(^|/|\\.)fixtures\\.tsx?$', '(^|/)projection-testing\\.ts$', '(^|/)test-helpers\\.ts$'];
/** Every top-level source folder of ours (anything else is a package). */
const OURS = '^(events|domain|contracts|services|read-models|infra|bench|scripts|web)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ---- every file
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles between files (runtime or type-only imports, tests included).',
      from: {},
      to: { circular: true },
    },

    // ---- backend
    {
      name: 'events-is-a-leaf',
      severity: 'error',
      comment:
        'events/ (schemas, stream names, upcasters) imports nothing of ours outside events/, except the cache registry (domain/caches/registry.ts, a file with no imports), where its one memo table registers.',
      from: { path: '^events/', pathNot: TEST },
      to: { path: OURS, pathNot: ['^events/', '^domain/caches/registry\\.ts$'] },
    },
    {
      name: 'cache-registry-is-a-leaf',
      severity: 'error',
      comment: 'domain/caches/registry.ts imports nothing of ours: every layer, events/ included, registers its caches there.',
      from: { path: '^domain/caches/registry\\.ts$' },
      to: { path: OURS },
    },
    {
      name: 'domain-imports-only-events',
      severity: 'error',
      comment: 'domain/ is the pure kernel: it imports only domain/ and events/.',
      from: { path: '^domain/', pathNot: TEST },
      to: { path: OURS, pathNot: '^(domain|events)/' },
    },
    {
      name: 'contracts-import-only-events-and-domain',
      severity: 'error',
      comment:
        'contracts/ (endpoint definitions, request and response schemas shared with the web) imports only contracts/, events/ and the pure kernel domain/ (decimal parsing, dates: the request rules).',
      from: { path: '^contracts/', pathNot: TEST },
      to: { path: OURS, pathNot: '^(contracts|events|domain)/' },
    },
    {
      name: 'read-models-not-services',
      severity: 'error',
      comment: 'A read model never imports the service layer (pure rules it shares live in domain/).',
      from: { path: '^read-models/', pathNot: TEST },
      to: { path: '^services/' },
    },
    {
      name: 'infra-not-services-or-read-models',
      severity: 'error',
      comment: 'infra/ holds adapters: they never import services/ or read-models/ (benches are compositions and live in bench/).',
      from: { path: '^infra/', pathNot: TEST },
      to: { path: '^(services|read-models)/' },
    },
    {
      name: 'services-use-infra-ports',
      severity: 'error',
      comment:
        'services/ reaches infra/ through infra/*/port.ts only; the composition root (services/gateway/container.ts, server.ts) and the CLI build the adapters.',
      from: { path: '^services/', pathNot: [...TEST, '^services/gateway/(container|server)\\.ts$', '^services/cli/'] },
      to: { path: '^infra/', pathNot: '^infra/[^/]+/port\\.ts$' },
    },

    // ---- web (no baseline: these hold today)
    {
      name: 'web-feature-not-other-feature',
      severity: 'error',
      comment: 'A feature never imports another feature; what two features need moves down to the shared layer (api, components, lib).',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-not-app-or-features',
      severity: 'error',
      comment: 'The shared layer (api, components, lib, styles) never imports app/ or features/: imports flow shared → features → app.',
      from: { path: '^web/src/(api|components|lib|styles)/', pathNot: TEST },
      to: { path: '^web/src/(app|features)/' },
    },
    {
      name: 'web-no-server-code',
      severity: 'error',
      comment: 'The client imports no server code (events, domain, services, read-models, infra, bench); only contracts/, with `import type`.',
      from: { path: '^web/src/' },
      to: { path: '^(events|domain|services|read-models|infra|bench)/' },
    },
    {
      name: 'web-contracts-type-only',
      severity: 'error',
      comment: 'The client imports contracts/ with `import type` only: nothing of the server enters the bundle.',
      // Specs may load the definitions (web/src/api/endpoints.unit.spec.ts checks every client call against them).
      from: { path: '^web/src/', pathNot: TEST },
      // contracts/page-path.ts is a pure function with no imports (the dashboard normalises page paths as the server does);
      // contracts/issuer-names.ts a table with only a type import (the issuers' names, the screens and the ICS feeds alike);
      // contracts/early-clicks.ts two strings (the inline script a rendered page carries, and the global it defines).
      to: { path: '^contracts/', pathNot: '^contracts/(page-path|issuer-names|early-clicks)\\.ts$', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^web/dist/', '^web/dist-ssr/', '^data/', '^coverage/'] },
    // Keep `node_modules/...` paths (node_modules is a symlink in some worktrees).
    preserveSymlinks: true,
    // See `import type` too (type-only imports count for the layering; `web-contracts-type-only` needs them).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
