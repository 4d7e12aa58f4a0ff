import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

/**
 * The boundaries are checked on imagined files (`client/features/x/y.ts`), which no TypeScript project
 * holds: the type-aware rules (and the project service they need) are off here, the import rules stay.
 */
const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  overrideConfig: {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: false, project: null } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'off',
    },
  },
})

/** The no-restricted-imports messages ESLint gives one import line in a file at `path`. */
async function boundaryErrors(path: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${specifier}'\n`, { filePath: path })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message)
}

describe('folder boundaries of docs/architecture.md', () => {
  it.each([
    ['shared/models/x.ts', '#client/app/app.tsx'],
    ['shared/queries/x.ts', '../../server/app.ts'],
    ['shared/routes/x.ts', '#client/views/registry.ts'],
    ['mock-gateway/handlers/x.ts', '#server/config.ts'],
    ['mock-gateway/x.ts', '../client/lib/format.ts'],
    ['client/features/x/y.ts', '#server/config.ts'],
    ['client/features/x/y.ts', '#mock/index.ts'],
    ['client/features/x/y.tsx', '#client/app/layout/toolbar.tsx'],
    ['client/features/x/y.tsx', '../../views/registry.ts'],
    ['client/components/ui/x.tsx', '#client/features/auth/user-menu.tsx'],
    ['client/components/ui/x.tsx', '../../app/app.tsx'],
    ['client/components/x.tsx', '#client/context/app-context.tsx'],
    ['client/components/x.tsx', '#client/views/registry.ts'],
    ['client/analytics/x.ts', '#client/features/cookies/cookie-banner.tsx'],
    ['client/context/x.ts', '#client/app/boot.ts'],
    ['client/views/x/y.tsx', '#client/app/app.tsx'],
    ['client/data/x.ts', '#client/components/ui/button.tsx'],
    ['client/context/x.ts', '#client/analytics/events.ts'],
    ['client/lib/x.ts', '#client/context/app-context.tsx'],
    ['client/features/x/y.ts', '#client/navigation/navigation.ts'],
    ['client/components/x.tsx', '../navigation/use-navigation-effects.ts'],
    ['client/lib/x.ts', '#client/navigation/scroll-memory.ts'],
    ['client/navigation/navigate.ts', '#client/context/app-context.tsx'],
    ['client/navigation/route-loader.ts', './navigation.ts'],
    ['client/navigation/routing-kit.ts', '#client/app/boot.ts'],
  ])('%s may not import %s', async (path, specifier) => {
    expect(await boundaryErrors(path, specifier)).toHaveLength(1)
  })

  it.each([
    ['shared/queries/x.ts', '#shared/api/client.ts'],
    ['server/render/x.tsx', '#client/app/app.tsx'],
    ['client/app/x.tsx', '#client/views/registry.ts'],
    ['client/app/layout/x.tsx', '#client/features/auth/user-menu.tsx'],
    ['client/views/x/y.tsx', '#client/features/catalog/product-card.tsx'],
    ['client/features/x/y.tsx', '#client/context/app-context.tsx'],
    ['client/features/x/y.tsx', '#client/components/ui/button.tsx'],
    ['client/components/ui/x.tsx', '../icon.tsx'],
    ['client/components/x.tsx', '#client/analytics/events.ts'],
    ['client/app/x.tsx', '#client/navigation/navigation.ts'],
    ['client/navigation/navigation.ts', '#client/views/registry.ts'],
    ['client/navigation/client-navigation.ts', '#client/app/error-reporting.ts'],
    ['client/views/registry.ts', '#client/navigation/load-routing-kit.ts'],
    ['client/features/x/y.ts', '#client/navigation/routing-kit.ts'],
    ['client/navigation/routing-kit.ts', './navigate.ts'],
  ])('%s may import %s', async (path, specifier) => {
    expect(await boundaryErrors(path, specifier)).toEqual([])
  })
})
