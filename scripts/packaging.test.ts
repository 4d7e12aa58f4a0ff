import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const read = (file: string) => readFileSync(join(root, file), 'utf8')
const dist = join(root, process.env.DIST_DIR ?? 'dist')

/** The stages of the Dockerfile: name → its lines up to the next FROM. */
function stages(text: string): Map<string, string> {
  const result = new Map<string, string>()
  for (const block of text.split(/^(?=FROM )/m).filter((b) => b.startsWith('FROM '))) {
    const name = /^FROM \S+ AS (\S+)/.exec(block)?.[1]
    if (name) result.set(name, block)
  }
  return result
}

/** Bare package names a bundle imports (`from "x"`, `import("x")`). */
const importedPackages = (bundle: string) =>
  new Set(
    [...bundle.matchAll(/(?:\bfrom\s*|\bimport\()\s*["']((?:@[a-z][\w.-]*\/)?[a-z][\w.-]*)(?:\/[^"']*)?["']/g)].map(
      (m) => m[1]!,
    ),
  )

describe('the production runtime', () => {
  it('keeps msw and @msw/data out of the runtime dependencies', () => {
    const pkg = JSON.parse(read('package.json')) as {
      dependencies: Record<string, string>
      devDependencies: Record<string, string>
    }
    for (const name of ['msw', '@msw/data']) {
      expect(pkg.dependencies, name).not.toHaveProperty(name)
      expect(pkg.devDependencies, name).toHaveProperty(name)
    }
  })

  it('builds a server bundle that imports only runtime dependencies, and a mock bundle that carries msw inside', () => {
    const serverBundle = join(dist, 'server', 'main.js')
    const mockBundle = join(dist, 'mock-gateway', 'index.js')
    expect(existsSync(serverBundle) && existsSync(mockBundle), 'run npm run build first').toBe(true)
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> }
    for (const bundle of [serverBundle, mockBundle]) {
      for (const name of importedPackages(readFileSync(bundle, 'utf8')))
        expect(Object.keys(pkg.dependencies), `${bundle} imports ${name}`).toContain(name)
    }
    expect(importedPackages(readFileSync(serverBundle, 'utf8'))).not.toContain('msw')
  })

  it('builds the store image on Node 24 LTS, non-root, with a HEALTHCHECK and without the mock gateway', () => {
    const dockerfile = read('Dockerfile')
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m)
    expect(dockerfile).not.toMatch(/node:20/)
    const byName = stages(dockerfile)
    const store = byName.get('store')!
    expect(store, 'a stage named store').toBeDefined()
    expect([...byName.keys()].at(-1), 'store is the default (last) stage').toBe('store')
    expect(store).toMatch(/^USER node$/m)
    expect(store).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m)
    expect(store).not.toMatch(/mock-gateway/)
    expect(store).toMatch(/COPY --from=prod-deps /)
    expect(byName.get('prod-deps')).toMatch(/npm ci --omit=dev/)
  })

  it('builds the mock gateway as its own image target', () => {
    const mock = stages(read('Dockerfile')).get('mock')!
    expect(mock, 'a stage named mock').toBeDefined()
    expect(mock).toMatch(/dist\/mock-gateway/)
    expect(mock).toMatch(/^USER node$/m)
    expect(mock).toMatch(/^CMD \["node", "dist\/mock-gateway\/index\.js"\]$/m)
  })

  it('runs npm test in CI and then the unit and integration tests on Node 24', () => {
    const ci = read('.ci/run')
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> }
    expect(ci).toMatch(/^npm test$/m)
    expect(ci).toMatch(/^npm run test:node24$/m)
    expect(ci.indexOf('npm test')).toBeLessThan(ci.indexOf('npm run test:node24'))
    expect(pkg.scripts['test:node24']).toMatch(/npx -y node@24 node_modules\/vitest\/vitest\.mjs run/)
  })
})
