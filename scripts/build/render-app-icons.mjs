#!/usr/bin/env node
/**
 * Draws the installed app's PNG icons (client/features/offline/icons/) from the favicon's artwork with
 * Debian's Chromium: 192 and 512 px "any" (the round mark on a transparent square) and 512 px
 * "maskable" (the mark inside the central 80 % safe zone of a full-bleed brand square). Run by hand
 * when the artwork changes; the build copies the committed files under hashed names.
 * Usage: node scripts/build/render-app-icons.mjs
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { root } from './root.mjs'

const out = join(root, 'client/features/offline/icons')
const mark = (await readFile(join(root, 'client/public/favicon.svg'), 'utf8')).replace(' width="32" height="32"', '')
/** The mark's inner artwork (without its circle), to draw on the maskable square. */
const artwork = mark
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>$/, '')
  .replace(/<circle[^>]*\/>/, '')
const ICONS = [
  { file: 'icon-192.png', size: 192, svg: mark },
  { file: 'icon-512.png', size: 512, svg: mark },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    // The safe zone is a circle of 40 % radius: the 32-unit artwork scaled to 0.7 of the side fits in it.
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#7a1f5c"/><g transform="translate(4.8 4.8) scale(0.7)">${artwork}</g></svg>`,
  },
]

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
    const sized = icon.svg.replace(/<svg /, `<svg width="${icon.size}" height="${icon.size}" `)
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`)
    await page.screenshot({ path: join(out, icon.file), omitBackground: true })
    await page.close()
  }
} finally {
  await browser.close()
}
