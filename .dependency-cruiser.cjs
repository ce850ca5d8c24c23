// Import rules of the monorepo, checked by `npm run lint` (depcruise apps packages) and `npm test`.
// Web: routes -> features -> components and lib, and lib is the bottom layer. API: a module reaches
// another module only through its index.ts. Nothing imports in a cycle.

const WEB = '^apps/web/app/';

// The features each feature may import besides itself. A new pair is a decision: add it here.
const FEATURE_USES = {
  account: [],
  buy: ['catalogue', 'cart', 'results'],
  cart: ['catalogue', 'analytics'],
  catalogue: [],
  checkout: [],
  content: ['results'],
  feed: [],
  membership: ['results'],
  partners: ['checkout'],
  play: ['catalogue', 'cart'],
  results: ['catalogue'],
  shell: ['account', 'feed', 'feedback'],
  tickets: [],
  verification: [],
  wallet: ['account', 'checkout'],
};

const featureRules = Object.entries(FEATURE_USES).map(([feature, uses]) => ({
  name: 'web-feature-uses',
  comment: `features/${feature} imports only the features listed for it in FEATURE_USES (${uses.join(', ') || 'none'}).`,
  severity: 'error',
  from: { path: `${WEB}features/${feature}/` },
  to: { path: `${WEB}features/`, pathNot: `${WEB}features/(${[feature, ...uses].join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-not-db',
      comment: 'The storefront reaches data through the API only: apps/web never imports packages/db.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: ['^packages/db/', '(^|/)node_modules/@drawhouse/db/'] },
    },
    {
      name: 'admin-through-the-api',
      comment:
        'The back office (apps/admin) is a browser app: it reaches data through the API only, never the database, the API or the storefront code.',
      severity: 'error',
      from: { path: '^apps/admin/' },
      to: { path: ['^packages/db/', '(^|/)node_modules/@drawhouse/db/', '^apps/(api|web)/'] },
    },
    {
      name: 'web-components-generic',
      comment: 'components/ is generic UI: it never imports routes/ or features/.',
      severity: 'error',
      from: { path: `${WEB}components/` },
      to: { path: `${WEB}(routes|features)/` },
    },
    {
      name: 'web-features-not-routes',
      comment: 'Routes use features, never the other way round.',
      severity: 'error',
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}routes/` },
    },
    {
      name: 'web-lib-bottom',
      comment: 'lib/ is the bottom layer of the web: it never imports routes/, features/ or components/.',
      severity: 'error',
      from: { path: `${WEB}lib/` },
      to: { path: `${WEB}(routes|features|components)/` },
    },
    {
      name: 'web-routes-thin',
      comment: 'A route module is a screen: what two screens share lives in a feature, not in another route.',
      severity: 'error',
      from: { path: `${WEB}routes/`, pathNot: '\\.test\\.tsx?$' },
      to: { path: `${WEB}routes/` },
    },
    {
      name: 'web-feature-unlisted',
      comment: 'A new feature folder says in FEATURE_USES which other features it may import.',
      severity: 'error',
      from: {
        path: `${WEB}features/([^/]+)/`,
        pathNot: `${WEB}features/(${Object.keys(FEATURE_USES).join('|')})/`,
      },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    ...featureRules,
    {
      name: 'api-module-through-index',
      comment: 'An API module imports another module only through that module’s index.ts.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: {
        path: '^apps/api/src/modules/[^/]+/',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'draws-not-followers',
      comment:
        'The draw engine knows none of the modules that follow its moves: checkout (pre-orders charged), recurring and lotto party subscribe to its outbox events (draw.closed, draw.scored, prize.released).',
      severity: 'error',
      from: { path: '^apps/api/src/modules/draws/' },
      to: { path: '^apps/api/src/modules/(checkout|recurring|lotto-party)/' },
    },
    {
      name: 'no-circular',
      comment: 'No module imports itself through others (type-only imports count too).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Source only: generated route types (.react-router), builds and installed packages are not checked.
    exclude: { path: '(^|/)(node_modules|build|dist|\\.react-router)/' },
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports count: a layer breach or a cycle through types is still one.
    tsPreCompilationDeps: true,
    // The shared compiler options (the web's and the API's tsconfigs extend them): `.ts` extensions
    // in imports and the workspace packages' `exports` resolve as TypeScript resolves them.
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
