/**
 * A paced (open-loop) HTTP/1.1 load on raw sockets: `rate` GETs a second for `seconds`, sent on
 * schedule whether or not earlier ones have answered, over at most `connections` keep-alive
 * connections (a request waits when all are busy). Each latency counts from the moment the request
 * was due, so a stall of the server shows in the figures instead of slowing the load down (as a closed
 * loop like wrk's does).
 *
 * Why not an HTTP client library: the generator shares the machine's two cores with the server, and
 * its own pauses count as the server's tail. With undici at 2,000–5,000 requests a second of a 50 KB
 * page, the generator's event loop and its collections (every answer's body a new buffer, collected
 * under external memory pressure every ~330 ms) added 5–10 ms stalls three times a second: a store
 * whose own p99 was 2 ms read 6–9 ms. Here each connection reads into one buffer of its own
 * (`onread`), skips bodies by their length, and keeps only the header bytes a read cut in two; the
 * same store reads its 2 ms (decision 025, twenty-first session).
 *
 * The same schedule runs `warmupSeconds` first, not counted: it opens the connections and lets the
 * store and the generator settle at the rate.
 */
import net from 'node:net'

const HEADER_END = Buffer.from('\r\n\r\n')
const CRLF = Buffer.from('\r\n')
const EMPTY = Buffer.alloc(0)
const READ_BUFFER_BYTES = 64 * 1024
const REQUEST_TIMEOUT_MS = 5_000

/**
 * Reads HTTP/1.1 answers from a stream of chunks: `push(bytes)` for each read (the bytes may be reused
 * by the caller afterwards), `onAnswer(status)` once per complete answer. Bodies are framed by
 * `content-length` or `transfer-encoding: chunked` (trailers are not expected); an answer with neither
 * has an empty body (what a keep-alive server sends for 204/304, and all the bench asks for).
 */
export function answerReader(onAnswer) {
  let head = null // header bytes carried over from an earlier read
  let left = -1 // body bytes still to skip; -1 while reading a header
  let status = 0
  let chunks = null // a chunked body's unread framing, carried over (copied) between reads
  const done = () => {
    left = -1
    onAnswer(status)
  }
  /** Skips chunked framing in `data`; answers the bytes after the body's end, or undefined if it goes on. */
  const readChunks = (data) => {
    let bytes = chunks ? Buffer.concat([chunks, data]) : data
    for (;;) {
      const line = bytes.indexOf(CRLF)
      if (line < 0) break
      const size = Number.parseInt(bytes.latin1Slice(0, line), 16)
      if (Number.isNaN(size)) throw new Error('malformed chunk size')
      const end = line + 2 + size + 2
      if (bytes.length < end) break
      bytes = bytes.subarray(end)
      if (size === 0) {
        chunks = null
        done()
        return bytes
      }
    }
    chunks = Buffer.from(bytes)
    return undefined
  }
  return {
    push(input) {
      let data = input
      while (data.length > 0) {
        if (chunks) {
          data = readChunks(data) ?? EMPTY
          continue
        }
        if (left < 0) {
          const bytes = head ? Buffer.concat([head, data]) : data
          const end = bytes.indexOf(HEADER_END)
          if (end < 0) {
            head = Buffer.from(bytes)
            return
          }
          head = null
          const text = bytes.latin1Slice(0, end)
          status = Number(text.slice(9, 12))
          data = bytes.subarray(end + 4)
          const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(text)
          if (!length && /\r\ntransfer-encoding:[ \t]*chunked/i.test(text)) {
            chunks = EMPTY
            continue
          }
          left = length ? Number(length[1]) : 0
        }
        const taken = Math.min(left, data.length)
        left -= taken
        data = data.subarray(taken)
        if (left === 0) done()
      }
    },
  }
}

/**
 * Sends `rate` GETs of `url` a second for `seconds`; resolves `{ rate, seconds, requests, errors,
 * p50_ms, p99_ms, p99_over_p50 }` (latency from when each request was due; errors are answers of 400
 * or more, connection failures and requests unanswered after 5 s).
 */
export async function pacedLoad(url, { rate, seconds = 8, connections = 64, warmupSeconds = 2 }) {
  const target = new URL(url)
  const request = Buffer.from(
    `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUser-Agent: paced-load\r\n\r\n`,
  )
  const idle = []
  const waiting = []
  const pool = []
  let latencies = []
  let errors = 0
  let counting = false

  const send = (conn, due) => {
    conn.due = due
    conn.socket.write(request)
  }
  const next = (conn) => {
    const queued = waiting.shift()
    if (queued) send(conn, queued)
    else {
      conn.due = undefined
      idle.push(conn)
    }
  }
  const open = () => {
    const conn = { socket: undefined, due: undefined }
    const reader = answerReader((status) => {
      const due = conn.due
      if (due && counting && due.counted) {
        if (status >= 400) errors++
        else latencies.push(performance.now() - due.at)
      }
      next(conn)
    })
    conn.socket = net.connect({
      host: target.hostname,
      port: Number(target.port || 80),
      noDelay: true,
      onread: { buffer: Buffer.allocUnsafe(READ_BUFFER_BYTES), callback: (read, buffer) => reader.push(buffer.subarray(0, read)) },
    })
    // A connection that fails or closes loses its request (an error if counted) and is not reused.
    const lost = () => {
      if (conn.lost) return
      conn.lost = true
      if (conn.due?.counted && counting) errors++
      const at = idle.indexOf(conn)
      if (at >= 0) idle.splice(at, 1)
      pool.splice(pool.indexOf(conn), 1)
    }
    conn.socket.on('error', lost).on('close', lost)
    pool.push(conn)
    idle.push(conn)
  }
  for (let i = 0; i < connections; i++) open()

  const run = (length, counted) =>
    new Promise((resolve) => {
      const due = Math.max(1, Math.round(rate * length))
      const started = performance.now()
      let sent = 0
      const tick = () => {
        const now = performance.now()
        for (let at = started + (sent * 1000) / rate; sent < due && at <= now; at = started + (sent * 1000) / rate) {
          sent++
          const conn = idle.pop()
          if (conn) send(conn, { at, counted })
          else waiting.push({ at, counted })
        }
        if (sent < due) return setTimeout(tick, 1)
        // Every request answered, or the last one's time is up.
        const until = performance.now() + REQUEST_TIMEOUT_MS
        const settle = () => {
          if ((idle.length === pool.length && waiting.length === 0) || performance.now() > until) resolve()
          else setTimeout(settle, 5)
        }
        settle()
      }
      tick()
    })

  try {
    if (warmupSeconds > 0) await run(warmupSeconds, false)
    counting = true
    await run(seconds, true)
  } finally {
    counting = false
    for (const conn of [...pool]) conn.socket.destroy()
  }
  // Requests still unanswered (or never sent for want of a connection) count as errors.
  errors += waiting.filter((queued) => queued.counted).length + pool.filter((conn) => conn.due?.counted).length
  latencies = latencies.sort((a, b) => a - b)
  const at = (q) =>
    latencies.length ? +latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(2) : null
  const p50 = at(0.5)
  const p99 = at(0.99)
  return {
    rate,
    seconds,
    requests: latencies.length,
    errors,
    p50_ms: p50,
    p99_ms: p99,
    p99_over_p50: p50 ? +(p99 / p50).toFixed(2) : null,
  }
}
