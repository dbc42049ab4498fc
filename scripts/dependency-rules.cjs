/**
 * The import rules of ARCHITECTURE.md, checked by dependency-cruiser in the test suite
 * (scripts/dependency-rules.test.ts). One entry per layer of server/: what it may import besides
 * itself. `core/` (errors, the logger, the typed configuration) and `client/common/` (pure modules
 * both sides use) may be imported by every layer; nothing may form a cycle; server/ and client/
 * import nothing of each other but client/common/.
 */
const MAY_IMPORT = {
  core: ['wp', 'php'],
  http: ['services', 'views', 'wp', 'php', 'tourmaster', 'data', 'upstream'],
  ajax: ['http', 'services', 'views', 'tourmaster', 'php', 'wp'],
  pages: ['http', 'services', 'views', 'tourmaster', 'php', 'wp'],
  rest: ['http', 'services', 'tourmaster', 'php', 'wp'],
  services: ['data', 'tourmaster', 'views', 'wp', 'php', 'mail', 'payments', 'upstream'],
  tourmaster: ['php'],
  views: ['tourmaster', 'wp', 'php'],
  data: ['tourmaster', 'wp', 'php'],
  wp: ['php'],
  php: [],
  mail: ['php', 'wp', 'views', 'tourmaster'],
  payments: ['php', 'wp', 'tourmaster'],
  upstream: ['php', 'wp', 'http'],
};

const TESTS = '\\.(int\\.|e2e\\.)?test\\.tsx?$';

const layerRules = Object.entries(MAY_IMPORT).map(([layer, allowed]) => ({
  name: `${layer}-imports`,
  comment: `server/${layer}/ may import ${['core', ...allowed].join(', ')} (ARCHITECTURE.md)`,
  severity: 'error',
  from: { path: `^server/${layer}/`, pathNot: TESTS },
  to: {
    path: '^server/',
    pathNot: [`^server/(${[layer, 'core', ...allowed].join('|')})/`, '^server/testing/'],
  },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-importing-the-entry-points',
      comment:
        'main, app, cluster and boot assemble the app: nothing below imports them (the parity tool and the test harness start it)',
      severity: 'error',
      from: { path: '^server/[^/]+/', pathNot: '^server/(parity|testing)/' },
      to: { path: '^server/(main|app|cluster|boot)\\.ts$' },
    },
    {
      name: 'no-cycles',
      comment:
        'no module needs itself at run time; a cycle through a type-only import is erased by the compiler (a lazily loaded module names the type of the page state that loads it)',
      severity: 'error',
      from: { path: '^(server|client)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'server-not-into-client',
      comment: 'the server uses only client/common/ of the client (a test may check both sides agree)',
      severity: 'error',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^client/', pathNot: '^client/common/' },
    },
    {
      name: 'client-not-into-server',
      comment: "the browser bundle imports nothing of the server (its browser tests may use the server's harness)",
      severity: 'error',
      from: { path: '^client/', pathNot: ['^client/e2e/', TESTS] },
      to: { path: '^server/' },
    },
    {
      name: 'common-is-pure',
      severity: 'error',
      from: { path: '^client/common/' },
      to: { path: '^(server|client)/', pathNot: '^client/common/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
