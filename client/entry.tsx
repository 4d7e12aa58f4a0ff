/**
 * Browser entry of the build: the app shell and the stylesheet. The page does
 * not load this file: the shell's chunk, which starts itself, is the manifest's entry (scripts/build/manifest.mjs).
 */
import './app/start.tsx'
import './styles/index.css'
