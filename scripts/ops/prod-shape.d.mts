export function ensurePrograms(log?: (line: string) => void): void
export function freePort(): Promise<number>
export function waitForHttp(
  url: string,
  options?: { timeoutMs?: number; ok?: (status: number) => boolean; child?: import('node:child_process').ChildProcess },
): Promise<void>
export interface ProdShape {
  urls: {
    shop: string
    replicas: string[]
    metrics: string[]
    mock: string
    redis: string
    redisExporter: string
    prometheus: string
    alertmanager: string
    logs: string
  }
  dir: string
  stop(): Promise<void>
  killRedis(): Promise<void>
  startRedis(): Promise<void>
  /** redis-cli against the shape's Redis, authenticated. */
  redisCli(...args: string[]): import('node:child_process').SpawnSyncReturns<string>
  killReplica(index: number): Promise<void>
  startReplica(index: number): Promise<void>
  replicas: { name: string; port: number; metricsPort: number; instance: string }[]
}
export function startProdShape(options?: {
  fast?: boolean
  log?: (line: string) => void
  storeEnv?: Record<string, string>
}): Promise<ProdShape>
