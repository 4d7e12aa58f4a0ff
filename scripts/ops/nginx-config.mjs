#!/usr/bin/env node
/**
 * Fills deploy/nginx/storefront.conf.template: the one nginx config of docker-compose
 * (deploy/compose/nginx.conf) and of `npm run prod-shape`. Run as a script it rewrites the compose file;
 * `--check` exits 1 when the committed file differs from the template's output.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
export const TEMPLATE = `${root}deploy/nginx/storefront.conf.template`
export const COMPOSE_CONFIG = `${root}deploy/compose/nginx.conf`

/** The sticky key, set by the template's map from the refresh token, else the session id, by either name. */
export const HASH_KEY = '$storefront_sticky_key'
/**
 * The Kubernetes ingress's affinity cookie (deploy/ingress.yaml): ingress-nginx cannot hash on the
 * `__Host-` cookies of https, and its consistent hash sends every empty key to one pod, so it keeps
 * shoppers on a pod with a cookie of its own instead (decision 027).
 */
export const INGRESS_AFFINITY_COOKIE = 'aurora_route'

/**
 * The config for a listen address and replica addresses (`host:port`). `dir` set: pid, logs and temp
 * files go under it (nginx run by a user, prod-shape); unset: the image's defaults (compose).
 */
export function renderNginxConfig({ listen, servers, dir }) {
  if (servers.length === 0) throw new Error('nginx needs at least one replica')
  const values = {
    pid: dir ? `${dir}/nginx.pid` : '/tmp/nginx.pid',
    error_log: dir ? `${dir}/nginx-error.log` : '/dev/stderr',
    access_log: dir ? `${dir}/nginx-access.log` : '/dev/stdout',
    temp_paths: dir
      ? ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
          .map((kind) => `${kind}_temp_path ${dir}/${kind}_temp;`)
          .join('\n  ')
      : '# Temp files: the image defaults.',
    hash_key: HASH_KEY,
    servers: servers.map((server) => `server ${server} max_fails=0;`).join('\n    '),
    listen,
  }
  const template = readFileSync(TEMPLATE, 'utf8')
  const filled = template.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`unknown placeholder {{${name}}} in ${TEMPLATE}`)
    return values[name]
  })
  return `# Generated from deploy/nginx/storefront.conf.template by scripts/ops/nginx-config.mjs: edit the template.\n${filled}`
}

/** The docker-compose variant: two replicas by service name, port 8080. */
export const composeConfig = () => renderNginxConfig({ listen: '8080', servers: ['store-a:3000', 'store-b:3000'] })

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const wanted = composeConfig()
  if (process.argv.includes('--check')) {
    if (readFileSync(COMPOSE_CONFIG, 'utf8') !== wanted) {
      console.error(`${COMPOSE_CONFIG} differs from the template: run node scripts/ops/nginx-config.mjs`)
      process.exit(1)
    }
  } else {
    writeFileSync(COMPOSE_CONFIG, wanted)
    console.log(`wrote ${COMPOSE_CONFIG}`)
  }
}
