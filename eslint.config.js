// ESLint flat config: typescript-eslint's recommended rules, the rules of hooks, and the folder
// boundaries of docs/architecture.md ("Folders") as `no-restricted-imports` patterns.
import { defineConfig } from 'eslint/config'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import prettierOff from 'eslint-config-prettier/flat'

// ---- Route and page folders -------------------------------------------------------------------
// The route modules (shared) and the page components (client). To rename a folder, change the
// two names here; every rule below that mentions routes or pages reads them from these constants.
const ROUTE_MODULES = 'shared/routes'
const PAGE_COMPONENTS = 'client/views'
// ------------------------------------------------------------------------------------------------

/** Import aliases of package.json `imports`, by top folder. */
const ALIAS = { shared: '#shared', client: '#client', server: '#server', 'mock-gateway': '#mock' }

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Patterns that forbid importing `folder` (a repo path such as `client/app`), by alias and by a
 * relative path that climbs into it. The relative form matches the folder's last segment after any
 * number of `../`, which is exact as long as no folder nests a namesake of a forbidden sibling.
 */
function forbid(folder, why) {
  const [top, ...rest] = folder.split('/')
  const alias = [ALIAS[top], ...rest].join('/')
  const last = rest.length > 0 ? rest.at(-1) : top
  return [
    { regex: `^${escape(alias)}(/|$)`, message: `${why} (${folder})` },
    {
      regex: `^(\\.\\./)+${escape(last)}(/|$)`,
      message: `${why} (${folder}); across folders use the ${ALIAS[top]}/* alias`,
    },
  ]
}

const restrict = (...patterns) => ['error', { patterns: patterns.flat(Infinity) }]

const SHARED_IS_PURE = ['client', 'server', 'mock-gateway'].map((folder) =>
  forbid(folder, 'shared/ imports nothing of ours outside shared/'),
)
const CLIENT_NOT_SERVER = ['server', 'mock-gateway'].map((folder) =>
  forbid(folder, 'the browser bundle imports no server or mock code'),
)
/**
 * The routing kit: the part of client/navigation that the layers below the shell may load (prefetch, a
 * view's refetch) and that imports only what client/lib may import. The rest of the folder is the
 * shell's navigation.
 */
const ROUTING_KIT = ['routing-kit.ts', 'load-routing-kit.ts', 'navigate.ts', 'route-loader.ts']
const NOT_KIT = `(?!(${ROUTING_KIT.map(escape).join('|')})$)`

/** Like `forbid('client/navigation', why)`, but lets the routing kit's files through. */
function forbidShellNavigation(why) {
  return [
    { regex: `^#client/navigation/${NOT_KIT}`, message: `${why} (client/navigation)` },
    {
      regex: `^(\\.\\./)+navigation/${NOT_KIT}`,
      message: `${why} (client/navigation); across folders use the #client/* alias`,
    },
  ]
}

const BELOW_THE_SHELL = [
  forbid(
    'client/app',
    'only the app shell imports the app shell (root, boot, navigation, layout); use client/context for the app context',
  ),
  forbidShellNavigation('only the app shell imports its navigation; the layers below load the routing kit'),
]
const BELOW_PAGES = forbid(PAGE_COMPONENTS, 'pages are leaves: nothing below them imports a page')
const BELOW_FEATURES = [
  forbid('client/features', 'the design system imports no feature'),
  forbid('client/context', 'the design system takes what it needs as props or its own context, not the app context'),
]
const BELOW_COMPONENTS = [
  forbid('client/features', 'a bottom layer imports no feature'),
  forbid('client/components', 'a bottom layer imports no design-system component'),
]
const BELOW_SERVICES = [
  forbid('client/analytics', 'the app context and the helpers sit below analytics'),
  forbid('client/data', 'the app context and the helpers sit below the data hooks'),
]

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-*/',
      'test-results/',
      'playwright-report/',
      'e2e/artifacts/',
      // Bench output and the peer bench's run folder (copied peer apps and their node_modules).
      'bench/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Unused names are dead code; a leading underscore marks a parameter kept for its position.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // A small type-aware set: a promise nobody awaits or catches, a promise where a void callback is
    // expected (an async event handler), and a switch over a union that misses a member.
    files: ['{server,client,shared,mock-gateway}/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
    },
  },
  {
    // An object literal with a getter or setter, made per request, kept each request's whole graph alive
    // through V8's young-generation collections (5-7 ms scavenges on a busy store; decision 025,
    // twenty-first session). Server code gives such objects a class, whose accessors are on the prototype.
    files: ['server/**/*.{ts,tsx}'],
    ignores: ['server/**/*.test.{ts,tsx}', 'server/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > Property[kind=/^(get|set)$/]',
          message: 'No accessors in object literals on the server: use a class (decision 025, twenty-first session).',
        },
      ],
    },
  },
  {
    // Tests and their helpers read untyped JSON answers; a cast per field would say nothing more.
    files: ['**/*.test.{ts,tsx}', 'mock-gateway/testing.ts', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Playwright fixtures must destructure their first parameter, even when they need nothing from it.
    files: ['e2e/**'],
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    // Functions handed to page.evaluate / addInitScript run in the browser.
    files: ['scripts/bench/bench-browser.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // ---- Folder boundaries (docs/architecture.md, "Folders"). A later block replaces an earlier ----
  // block's list for the files it matches, so each block repeats what its parents forbid.
  { files: ['shared/**'], rules: { 'no-restricted-imports': restrict(SHARED_IS_PURE) } },
  {
    files: ['mock-gateway/**'],
    rules: {
      'no-restricted-imports': restrict(
        forbid('client', 'the mock gateway imports shared/ only'),
        forbid('server', 'the mock gateway imports shared/ only'),
      ),
    },
  },
  { files: ['client/**'], rules: { 'no-restricted-imports': restrict(CLIENT_NOT_SERVER) } },
  {
    files: ['client/features/**'],
    rules: { 'no-restricted-imports': restrict(CLIENT_NOT_SERVER, BELOW_THE_SHELL, BELOW_PAGES) },
  },
  {
    files: ['client/components/**'],
    rules: { 'no-restricted-imports': restrict(CLIENT_NOT_SERVER, BELOW_THE_SHELL, BELOW_PAGES, BELOW_FEATURES) },
  },
  {
    files: ['client/analytics/**', 'client/data/**'],
    rules: { 'no-restricted-imports': restrict(CLIENT_NOT_SERVER, BELOW_THE_SHELL, BELOW_PAGES, BELOW_COMPONENTS) },
  },
  {
    files: ['client/context/**'],
    rules: {
      'no-restricted-imports': restrict(
        CLIENT_NOT_SERVER,
        BELOW_THE_SHELL,
        BELOW_PAGES,
        BELOW_COMPONENTS,
        BELOW_SERVICES,
      ),
    },
  },
  {
    files: ['client/lib/**'],
    rules: {
      'no-restricted-imports': restrict(
        CLIENT_NOT_SERVER,
        BELOW_THE_SHELL,
        BELOW_PAGES,
        BELOW_COMPONENTS,
        BELOW_SERVICES,
        forbid('client/context', 'client/lib is the bottom: plain helpers'),
      ),
    },
  },

  {
    // The routing kit sits at the bottom like client/lib, beside the shell's navigation in its folder.
    files: ROUTING_KIT.map((file) => `client/navigation/${file.replace(/\.ts$/, '')}{,.test}.ts`),
    rules: {
      'no-restricted-imports': restrict(
        CLIENT_NOT_SERVER,
        BELOW_THE_SHELL,
        BELOW_PAGES,
        BELOW_COMPONENTS,
        BELOW_SERVICES,
        forbid('client/context', 'the routing kit is at the bottom with client/lib'),
        {
          regex: `^\\./${NOT_KIT}`,
          message: 'the routing kit imports no shell navigation (client/navigation)',
        },
      ),
    },
  },

  // ---- Route and page folders (names from ROUTE_MODULES and PAGE_COMPONENTS above) ----
  { files: [`${ROUTE_MODULES}/**`], rules: { 'no-restricted-imports': restrict(SHARED_IS_PURE) } },
  {
    files: [`${PAGE_COMPONENTS}/**`],
    rules: { 'no-restricted-imports': restrict(CLIENT_NOT_SERVER, BELOW_THE_SHELL) },
  },
  // Formatting belongs to Prettier (.prettierrc.json): turn off the rules that would fight it.
  prettierOff,
)
