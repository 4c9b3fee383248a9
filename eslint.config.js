// Type-aware lint for every workspace; import direction is enforced with no-restricted-imports:
// endpoints → auction → {bidders, stored, privacy, currency, targeting, cache-client, …} → openrtb → common.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const NO_ENUMS = {
  selector: 'TSEnumDeclaration',
  message: 'Use string unions or `as const` objects, not enums.',
};
// On Node 20 a literal that starts with a spread and adds more gets a hidden class of its own on
// every call (packages/common/src/objects.ts, docs/performance.md "Hidden classes"). The one form
// allowed is a spread that only replaces keys the base has, as the consequent of a conditional that
// checks them (`'k' in base ? { ...base, k } : withProps(base, { k })`): V8's fast clone.
const NO_SPREAD_THEN_PROPS = {
  selector:
    'ObjectExpression:not(ConditionalExpression > ObjectExpression.consequent) > SpreadElement:first-child:not(:last-child)',
  message:
    "A literal that starts with a spread and adds properties makes a new hidden class per call on Node 20: use withProps(base, { … }) from @gavel/common, or `'k' in base ? { ...base, k } : withProps(base, { k })` when it only replaces keys base has.",
};

// A literal with a getter or setter is built by the runtime with its accessor pair in old space; that
// old garbage keeps the accessor's closure, and all it reaches, alive through every scavenge until the
// next full GC (docs/performance.md "Getters in literals"). Product code uses a class instead.
const NO_ACCESSOR_LITERALS = {
  selector: "ObjectExpression > Property[kind='get'], ObjectExpression > Property[kind='set']",
  message:
    'A getter/setter in an object literal keeps its closure (and what it reaches) alive until a full GC: use a class with the accessor on its prototype.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            'scripts/*.mjs',
            'tools/bench/cache/*.mjs',
            'tools/bench/stored/*.mjs',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            {
              from: 'package',
              package: 'node:test',
              name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'],
            },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': ['error', NO_ENUMS],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        performance: 'readonly',
      },
    },
  },
  // The house's size limits (developers' guide "Engineering standards"): a file ≤ 400 lines, a function
  // ≤ 60 (blank and comment lines not counted), at most 4 positional parameters.
  {
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
      'max-params': ['error', 4],
    },
  },
  {
    files: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/*/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.testkit.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_ENUMS, NO_ACCESSOR_LITERALS] },
  },
  // The code every request runs (the rule is for hot paths; start-up code may spread freely).
  {
    files: [
      'apps/server/src/{auction,bidders,privacy,stored,endpoints,openrtb,targeting,currency,events,usersync,accounts,cache-client}/**/*.ts',
    ],
    ignores: ['**/*.test.ts', '**/*.testkit.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_ENUMS, NO_ACCESSOR_LITERALS, NO_SPREAD_THEN_PROPS] },
  },
  // The cache service never imports auction code, and common imports neither service.
  { files: ['apps/cache/**/*.ts'], rules: restrict(['@gavel/server', '**/apps/server/**']) },
  { files: ['packages/common/**/*.ts'], rules: restrict(['@gavel/server', '@gavel/cache', '**/apps/**']) },
  // Import direction inside the auction server.
  {
    files: ['apps/server/src/openrtb/**/*.ts'],
    rules: restrict([
      '**/auction/**',
      '**/endpoints/**',
      '**/bidders/**',
      '**/stored/**',
      '**/currency/**',
      '**/targeting/**',
      '**/cache-client/**',
      '**/privacy/**',
      '**/accounts/**',
    ]),
  },
  {
    files: [
      'apps/server/src/{bidders,stored,privacy,currency,targeting,cache-client,accounts,usersync,events,analytics}/**/*.ts',
    ],
    rules: restrict(['**/auction/**', '**/endpoints/**']),
  },
  { files: ['apps/server/src/auction/**/*.ts'], rules: restrict(['**/endpoints/**']) },
  // An adapter imports only the bidder contract and the shared helpers.
  {
    files: ['apps/server/src/bidders/adapters/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict([
      '**/auction/**',
      '**/endpoints/**',
      '**/stored/**',
      '**/currency/**',
      '**/targeting/**',
      '**/cache-client/**',
      '**/privacy/**',
      '**/accounts/**',
      'undici',
      'node:http',
      'node:https',
    ]),
  },
);
