import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{shared,client,server,mock-gateway,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./scripts/test-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Four forks on CI's two cores: most integration tests wait on sockets, timers and child servers,
    // so two workers left the cores half idle (260 s against 128 s for the whole run on this machine;
    // six workers took 142 s).
    maxWorkers: 4,
  },
  esbuild: { jsx: 'automatic' },
})
