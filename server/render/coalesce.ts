/**
 * The page's byte stream: React hands over its output in ~2 KB views, and every one of them used to
 * become its own socket write (about a tenth of the server's CPU under load). This Transform gathers
 * the chunks of one turn of the event loop (or until `flushBytes`) into one buffer, appends the
 * document tail at the end, and can keep a copy of the whole body for the page cache.
 */
import { Transform, type TransformCallback } from 'node:stream'

export interface CoalescingOptions {
  /** Written once the input ends (the document tail). */
  tail: string
  /** Pending bytes that are sent at once instead of waiting for the end of the tick. */
  flushBytes?: number
  /** Keeps a copy of everything sent, for `body()`. */
  keep?: boolean
}

/** Default size at which pending output is sent without waiting for the tick to end. */
export const FLUSH_BYTES = 32 * 1024

/** Coalesces small writes into few large ones; see the module comment. */
export class CoalescingStream extends Transform {
  private pending: Buffer[] = []
  private pendingBytes = 0
  private scheduled = false
  private readonly kept: Buffer[] | undefined
  private readonly flushBytes: number

  constructor(private readonly options: CoalescingOptions) {
    super()
    this.flushBytes = options.flushBytes ?? FLUSH_BYTES
    this.kept = options.keep ? [] : undefined
  }

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback): void {
    this.add(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk)
    if (this.pendingBytes >= this.flushBytes) this.send()
    else if (!this.scheduled) {
      this.scheduled = true
      setImmediate(() => {
        this.scheduled = false
        this.send()
      })
    }
    callback()
  }

  override _flush(callback: TransformCallback): void {
    this.add(Buffer.from(this.options.tail))
    this.send()
    callback()
  }

  /** Everything sent so far as one buffer (only with `keep`). */
  body(): Buffer | undefined {
    return this.kept ? Buffer.concat(this.kept) : undefined
  }

  private add(buffer: Buffer): void {
    if (buffer.length === 0) return
    this.pending.push(buffer)
    this.pendingBytes += buffer.length
  }

  private send(): void {
    if (this.pending.length === 0 || this.destroyed) return
    const out = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingBytes)
    this.pending = []
    this.pendingBytes = 0
    this.kept?.push(out)
    this.push(out)
  }
}
