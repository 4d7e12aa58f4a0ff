/** Types of paced-load.mjs (the bench scripts are plain ES modules). */

/** Reads HTTP/1.1 answers from a stream of reads; `onAnswer` is called once per complete answer. */
export function answerReader(onAnswer: (status: number) => void): { push(bytes: Buffer): void }

export interface PacedLoadOptions {
  /** Requests a second. */
  rate: number
  seconds?: number
  connections?: number
  warmupSeconds?: number
}

export interface PacedLoadResult {
  rate: number
  seconds: number
  requests: number
  errors: number
  p50_ms: number | null
  p99_ms: number | null
  p99_over_p50: number | null
}

/** Sends `rate` GETs of `url` a second for `seconds`, latency counted from when each was due. */
export function pacedLoad(url: string, options: PacedLoadOptions): Promise<PacedLoadResult>
