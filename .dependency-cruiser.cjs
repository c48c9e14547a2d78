/**
 * The house's map (shared ARCHITECTURE.md, issue #27), checked by `npm run lint`:
 * which part of the code may import which. Short on purpose: each rule is a line of the
 * architecture (decision 009).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles anywhere: a module reaches another through its face or an event.',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'packages/domain is pure TypeScript: no app code, no I/O.',
      from: { path: '^packages/domain/src' },
      to: { path: ['^apps/', '^node:', '^(fs|path|pg|react|react-dom)$'] },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app never imports server code: share through packages/domain.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server never imports web code.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'features-apart',
      severity: 'error',
      comment: 'A web feature never imports another feature: shared pieces live in ui/ or api/.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/([^/]+)/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'ui-not-features',
      severity: 'error',
      comment: 'ui/ is shared by the features, so it imports none of them.',
      from: { path: '^apps/web/src/ui/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'platform-not-modules',
      severity: 'error',
      comment:
        'platform/ is the plumbing under the modules: it imports none of them. One exception: ' +
        "the events table's foreign key names the organisations table (an event belongs to one).",
      from: {
        path: '^apps/server/src/platform/',
        pathNot: ['\\.test\\.ts$', '^apps/server/src/platform/events/schema\\.ts$'],
      },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'module-faces',
      severity: 'error',
      comment:
        'A server module uses another only through its face: ports.ts (its use cases), ' +
        '*-port.ts (a registry it offers, or a read that needs nothing but tables) and its ' +
        'tables (schema.ts) for joins; the rest of a module is its own (decision 009).',
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '/(ports|[a-z-]*-port|[a-z-]*schema)\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '(^|/)dist/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
