import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { CoalescingStream } from './coalesce.ts'

/** Collects what the stream sends, one entry per chunk. */
function sink() {
  const chunks: string[] = []
  const writable = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString())
      callback()
    },
  })
  return { chunks, writable, done: new Promise((resolve) => writable.on('finish', resolve)) }
}

describe('CoalescingStream', () => {
  it('sends the writes of one tick as one chunk and the tail at the end', async () => {
    const out = new CoalescingStream({ tail: '</html>' })
    const { chunks, writable, done } = sink()
    out.pipe(writable)
    out.write('<head>')
    out.write(new Uint8Array(Buffer.from('<p>a</p>')))
    out.write('<p>b</p>')
    await new Promise((resolve) => setImmediate(resolve))
    out.write('<p>c</p>')
    out.end()
    await done
    expect(chunks).toEqual(['<head><p>a</p><p>b</p>', '<p>c</p></html>'])
  })

  it('sends at once when the pending bytes reach flushBytes', async () => {
    const out = new CoalescingStream({ tail: '', flushBytes: 4 })
    const { chunks, writable, done } = sink()
    out.pipe(writable)
    out.write('ab')
    out.write('cd')
    out.write('e')
    out.end()
    await done
    expect(chunks).toEqual(['abcd', 'e'])
  })

  it('keeps the whole body when asked to', async () => {
    const out = new CoalescingStream({ tail: '!', keep: true })
    const { writable, done } = sink()
    out.pipe(writable)
    out.write('hello ')
    out.write('world')
    out.end()
    await done
    expect(out.body()?.toString()).toBe('hello world!')
    expect(new CoalescingStream({ tail: '' }).body()).toBeUndefined()
  })
})
