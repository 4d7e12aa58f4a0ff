/**
 * Build-time constants. `import.meta.env.SSR` is true in the server's bundle and false in the
 * browser's (esbuild's `define`, scripts/build/client.mjs), so the browser build drops the server's branches;
 * Vitest's node environment sets it true, as the server renders.
 */
interface ImportMetaEnv {
  readonly SSR: boolean
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
