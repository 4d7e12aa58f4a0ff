import { Writable } from 'node:stream'
import { Suspense, lazy, useId, type ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { renderAtOnce } from './render-at-once.ts'

/** The streaming renderer's whole output, once everything is ready. */
function streamed(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk)
        callback()
      },
      final(callback) {
        resolve(Buffer.concat(chunks).toString())
        callback()
      },
    })
    const react = renderToPipeableStream(element, {
      onAllReady: () => react.pipe(sink),
      onShellError: reject,
      onError: () => undefined,
    })
  })
}

function Labelled({ children }: { children: ReactNode }) {
  const id = useId()
  return (
    <label htmlFor={id}>
      {children} <input id={id} defaultValue={'a "quoted" <value>'} />
    </label>
  )
}

/** A tree like a page's: text beside values (React's `<!-- -->` separators), ids, a boundary that does not suspend. */
const page = (
  <main>
    <h1>Крем для лица, {50} мл</h1>
    <Suspense fallback={<p>загрузка</p>}>
      <Labelled>Имя</Labelled>
      {['a', 'b'].map((item) => (
        <p key={item}>
          {item}
          {1}
        </p>
      ))}
    </Suspense>
  </main>
)

/** A component whose code never arrives: it suspends for good. */
const Pending = lazy(() => new Promise<{ default: () => ReactNode }>(() => undefined))

function Broken(): ReactNode {
  throw new Error('broken')
}

describe('renderAtOnce', () => {
  it('renders a tree that does not suspend to the same HTML as the streaming renderer', async () => {
    const html = renderAtOnce(page)
    expect(html).toContain('Крем для лица, <!-- -->50<!-- --> мл')
    expect(html).toBe(await streamed(page))
  })

  it('gives up on a tree that suspends inside a boundary, so the caller streams it', () => {
    expect(
      renderAtOnce(
        <main>
          <Suspense fallback={<p>загрузка</p>}>
            <Pending />
          </Suspense>
        </main>,
      ),
    ).toBeUndefined()
  })

  it('gives up on a tree that suspends outside any boundary', () => {
    expect(
      renderAtOnce(
        <main>
          <Pending />
        </main>,
      ),
    ).toBeUndefined()
  })

  it('gives up on a tree whose component fails, inside a boundary or not', () => {
    expect(
      renderAtOnce(
        <main>
          <Suspense fallback={null}>
            <Broken />
          </Suspense>
        </main>,
      ),
    ).toBeUndefined()
    expect(
      renderAtOnce(
        <main>
          <Broken />
        </main>,
      ),
    ).toBeUndefined()
  })
})
