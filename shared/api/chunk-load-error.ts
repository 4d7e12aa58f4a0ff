/**
 * A lazy chunk that did not load. The app shell throws it without the error registry (that travels
 * with the routing kit); `toAppError` and `userMessage` read it as the registry's error of its code.
 */
export class ChunkLoadError extends Error {
  declare readonly code: 'network' | 'unavailable'

  constructor(code: 'network' | 'unavailable', message: string, cause: unknown) {
    super(message, { cause })
    this.name = 'ChunkLoadError'
    this.code = code
  }
}
