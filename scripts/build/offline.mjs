/**
 * The offline shell and the service worker (docs/decisions/029): the app's icons under hashed names,
 * the web app manifest, the offline page (`offline.html`) with its script, and `sw.js`, which knows
 * the build's id and the shell's files.
 */
import { build } from 'esbuild'
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { root } from './root.mjs'
import { TARGET } from './client.mjs'

const OFFLINE = 'client/features/offline'
/** The installed app's icons (drawn by render-app-icons.mjs): 192 and 512 px, and a maskable 512 px. */
const ICONS = [
  { file: 'icon-192.png', sizes: '192x192' },
  { file: 'icon-512.png', sizes: '512x512' },
  { file: 'icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
]
/** The brand colour (client/styles/tokens.css `--color-primary`) and the page background. */
const THEME_COLOR = '#7a1f5c'
const BACKGROUND_COLOR = '#ffffff'
/** Where the worker answers a page it cannot fetch. */
export const OFFLINE_PAGE = '/offline.html'

const contentHash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 8).toUpperCase()

/** The web app manifest (what Chromium's installability criteria ask for, in Russian). */
export const webAppManifest = (icons) => ({
  id: '/',
  name: 'Аврора — косметика и товары для дома',
  short_name: 'Аврора',
  description: 'Каталог, акции, заказы, карта лояльности и пропуск заказа — даже без сети.',
  lang: 'ru',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons,
})

const offlineHtml = ({ css, script, webManifest }) =>
  [
    '<!doctype html><html lang="ru"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<title>Нет сети — Аврора</title><meta name="robots" content="noindex">',
    `<meta name="theme-color" content="${THEME_COLOR}"><link rel="icon" href="/favicon.svg">`,
    `<link rel="manifest" href="${webManifest}"><link rel="stylesheet" href="${css}">`,
    `<script type="module" src="${script}"></script></head>`,
    '<body><main id="offline" class="offline-page"><h1 class="offline-page__heading">Нет сети</h1>',
    '<p class="offline-page__lead">Страница откроется, когда появится соединение.</p></main></body></html>',
  ].join('')

/**
 * Writes the icons, the offline page's script, the web manifest and `offline.html` into
 * `<dist>/client`; returns the manifest's URL and the shell's files (what the worker keeps).
 */
export async function buildOfflineShell({ dist, dev, metafile }) {
  const client = join(dist, 'client')
  const url = (file) => '/' + relative(client, join(root, file)).split('\\').join('/')
  const entry = Object.values(metafile.outputs).find((out) => out.entryPoint === 'client/entry.tsx')
  const css = url(entry.cssBundle)
  const icons = []
  for (const icon of ICONS) {
    const data = await readFile(join(root, OFFLINE, 'icons', icon.file))
    const name = icon.file.replace('.png', `-${contentHash(data)}.png`)
    await writeFile(join(client, 'assets', name), data)
    icons.push({
      src: `/assets/${name}`,
      sizes: icon.sizes,
      type: 'image/png',
      ...(icon.purpose && { purpose: icon.purpose }),
    })
  }
  const result = await build({
    absWorkingDir: root,
    entryPoints: { offline: `${OFFLINE}/offline-page.ts` },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: TARGET,
    outdir: join(client, 'assets'),
    entryNames: '[name]-[hash]',
    minify: !dev,
    metafile: true,
    legalComments: 'none',
    define: {
      'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production'),
      'import.meta.env.SSR': 'false',
    },
    logLevel: 'warning',
  })
  const script = url(Object.keys(result.metafile.outputs).find((file) => file.endsWith('.js')))
  const manifestText = JSON.stringify(webAppManifest(icons), null, 2)
  const webManifest = `/assets/manifest-${contentHash(manifestText)}.webmanifest`
  await writeFile(join(client, webManifest), manifestText)
  await writeFile(join(client, OFFLINE_PAGE), offlineHtml({ css, script, webManifest }))
  return {
    webManifest,
    files: [OFFLINE_PAGE, css, script, webManifest, '/favicon.svg', ...icons.map((icon) => icon.src)],
  }
}

/** Writes `<dist>/client/sw.js` for build `buildId`, keeping the shell's `files`. */
export async function buildWorker({ dist, dev, buildId, files }) {
  await build({
    absWorkingDir: root,
    entryPoints: [`${OFFLINE}/service-worker.ts`],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: TARGET,
    outfile: join(dist, 'client', 'sw.js'),
    minify: !dev,
    legalComments: 'none',
    define: {
      BUILD_ID: JSON.stringify(buildId),
      OFFLINE_PAGE: JSON.stringify(OFFLINE_PAGE),
      SHELL_FILES: JSON.stringify(files),
    },
    logLevel: 'warning',
  })
}
