import { defineConfig } from 'vitest/config'

const ALL = '{shared,client,server,mock-gateway,scripts}/**/*.test.{ts,tsx}'

/**
 * Files that need a fresh module graph of their own: they replace a module with `vi.mock` (a module
 * another file has already loaded in the same worker would stay the real one), or they test a
 * module-level registry from its empty start.
 */
const ISOLATED = [
  'client/features/prefetch/preload-queue-code.test.ts',
  'client/features/prefetch/preload-queue-view.test.ts',
  'client/lib/navigation-preload.test.ts',
  'server/test/integration/page-cache-pages.test.ts',
  'server/test/integration/streamed-pages.test.ts',
]

export default defineConfig({
  test: {
    environment: 'node',
    setupFiles: ['./scripts/test-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Four forks on CI's two cores: most integration tests wait on sockets, timers and child servers,
    // so two workers left the cores half idle (260 s against 128 s for the whole run on this machine;
    // six workers took 142 s).
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        // Every other file shares its worker's module graph with the files before it: a fresh graph per
        // file spent four fifths of the run importing Fastify, React and msw again (import 122 s of
        // 152 s in CI; 65 s for the whole run without it). A test that depends on a module's first state
        // belongs in ISOLATED; `--sequence.shuffle.files` is how to find one.
        test: { name: 'shared', include: [ALL], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
})
