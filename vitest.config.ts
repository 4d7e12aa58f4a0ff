import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{shared,client,server,mock-gateway,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['./scripts/test-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
  esbuild: { jsx: 'automatic' },
})
