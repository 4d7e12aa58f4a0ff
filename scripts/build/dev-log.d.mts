/** ANSI colours (or plain text when disabled). */
export function palette(
  enabled: boolean,
): Record<'dim' | 'red' | 'yellow' | 'green' | 'cyan' | 'magenta', (text: string) => string>
/** A formatter of one process's log lines; undefined for a line folded into a later one. */
export function createDevLog(label: string, colours?: ReturnType<typeof palette>): (text: string) => string | undefined
/** Pipes a stream through a formatter, line by line. */
export function pipeLines(
  stream: NodeJS.ReadableStream,
  format: (text: string) => string | undefined,
  write: (text: string) => void,
): void
/** The banner `npm start` prints once the store listens. */
export function startBanner(
  urls: { storeUrl: string; mockUrl?: string | undefined; metricsUrl: string; otpCode: string },
  colours?: ReturnType<typeof palette>,
): string
/** Whether a launcher shows readable lines (not `LOG_FORMAT=json`). */
export function prettyLogs(env: Record<string, string | undefined>): boolean
/** The launcher's colours. */
export function logColours(env: Record<string, string | undefined>): ReturnType<typeof palette>
/** Runs a Node bundle, its output formatted under `label`. */
export function runLogged(
  file: string,
  label: string,
  env: Record<string, string | undefined>,
): import('node:child_process').ChildProcess
