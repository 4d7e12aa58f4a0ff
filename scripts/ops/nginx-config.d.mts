export const TEMPLATE: string
export const COMPOSE_CONFIG: string
/** The sticky key, as nginx variables. */
export const HASH_KEY: string
/** The ingress-nginx affinity cookie of deploy/ingress.yaml. */
export const INGRESS_AFFINITY_COOKIE: string
/** The config for a listen address and replica addresses (`host:port`); `dir` holds pid, logs and temp files. */
export function renderNginxConfig(options: { listen: string; servers: string[]; dir?: string }): string
/** The docker-compose variant. */
export function composeConfig(): string
