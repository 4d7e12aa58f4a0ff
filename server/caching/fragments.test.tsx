import { createContext, useContext, useId, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { CachedChildren, FragmentCacheContext } from '#client/components/fragment-cache.tsx'
import { markShared } from '#shared/shared-mark.ts'
import { Fragments, type PageFragments } from './fragments.tsx'

const Greeting = createContext('Здравствуйте')
/** Something only the page provides (the frame does not). */
const Required = createContext(false)

function Labelled() {
  const id = useId()
  return <input id={id} aria-label="Количество" />
}

function NeedsPage() {
  if (!useContext(Required)) throw new Error('rendered outside the page')
  return <span>в странице</span>
}

function Card({ goods, variant = 'a', children }: { goods: { name: string }; variant?: string; children?: ReactNode }) {
  const greeting = useContext(Greeting)
  return (
    <CachedChildren as="article" className="card" owner={goods} variant={variant}>
      {() => (
        <>
          <h3>{goods.name}</h3>
          <p>
            {greeting}, {variant}
          </p>
          {children}
        </>
      )}
    </CachedChildren>
  )
}

/** Renders `element` as a page would: with the page's fragment cache and a frame that provides `greeting`. */
function renderPage(page: PageFragments | undefined, element: ReactNode, greeting = 'Здравствуйте'): string {
  page?.frameWith((children) => <Greeting value={greeting}>{children}</Greeting>)
  const html = renderToString(
    <FragmentCacheContext value={page}>
      <Greeting value={greeting}>{element}</Greeting>
    </FragmentCacheContext>,
  )
  page?.fill()
  return html
}

describe('kept fragments', () => {
  it('keeps the children of a shared owner once rendered, and renders the same HTML from them later', () => {
    const onLookup = vi.fn()
    const fragments = new Fragments({ onLookup })
    const goods = markShared({ name: 'Крем <дневной>' })
    const plain = renderToString(<Card goods={goods} />)
    expect(renderPage(fragments.forPage(), <Card goods={goods} />)).toBe(plain)
    expect(onLookup.mock.calls).toEqual([[false]])
    expect(renderPage(fragments.forPage(), <Card goods={goods} />)).toBe(plain)
    expect(onLookup.mock.calls).toEqual([[false], [true]])
  })

  it('renders noted children inside the page frame, so what they read from context is the same', () => {
    const fragments = new Fragments()
    const goods = markShared({ name: 'Шампунь' })
    renderPage(fragments.forPage(), <Card goods={goods} />, 'Добрый день')
    const kept = renderPage(fragments.forPage(), <Card goods={goods} />, 'Добрый день')
    expect(kept).toContain('Добрый день')
    expect(kept).toBe(
      renderToString(
        <Greeting value="Добрый день">
          <Card goods={goods} />
        </Greeting>,
      ),
    )
  })

  it('keeps each variant apart and nothing for an owner that is not shared, frozen or not', () => {
    const fragments = new Fragments()
    const shared = markShared({ name: 'Мыло' })
    renderPage(
      fragments.forPage(),
      <>
        <Card goods={shared} variant="a" />
        <Card goods={shared} variant="b" />
      </>,
    )
    expect(renderPage(fragments.forPage(), <Card goods={shared} variant="b" />)).toBe(
      renderToString(<Card goods={shared} variant="b" />),
    )
    const onLookup = vi.fn()
    const open = new Fragments({ onLookup })
    const mutable = { name: 'Гель' }
    renderPage(open.forPage(), <Card goods={mutable} />)
    mutable.name = 'Гель для душа'
    expect(renderPage(open.forPage(), <Card goods={mutable} />)).toContain('Гель для душа')
    const frozenOnly = Object.freeze({ name: 'Мыло жидкое' })
    renderPage(open.forPage(), <Card goods={frozenOnly} />)
    renderPage(open.forPage(), <Card goods={frozenOnly} />)
    expect(onLookup).not.toHaveBeenCalled()
  })

  it('does not keep children whose render hoists a resource into the head or fails alone', () => {
    const onError = vi.fn()
    const fragments = new Fragments({ onError })
    const withPreload = markShared({ name: 'Тушь' })
    // An eager image: React preloads it in the head, which a fragment set inside a card cannot do.
    renderPage(
      fragments.forPage(),
      <Card goods={withPreload}>
        <img src="/a.svg" alt="" />
      </Card>,
    )
    const page = fragments.forPage()!
    const lookup = vi.spyOn(page, 'lookup')
    renderPage(
      page,
      <Card goods={withPreload}>
        <img src="/a.svg" alt="" />
      </Card>,
    )
    expect(lookup).toHaveLastReturnedWith(undefined)

    // Rendered alone, children that need what the frame does not provide throw: nothing kept, the error reported.
    const failing = markShared({ name: 'Лак' })
    const inPage = (
      <Required value={true}>
        <Card goods={failing}>
          <NeedsPage />
        </Card>
      </Required>
    )
    renderPage(fragments.forPage(), inPage)
    expect(onError).toHaveBeenCalledOnce()
    expect(renderPage(fragments.forPage(), inPage)).toBe(renderToString(inPage))
    // Not kept, and remembered so: it is not rendered alone again.
    expect(onError).toHaveBeenCalledOnce()
  })

  it('does not keep children with an id from useId, which names their place in the whole page', () => {
    const fragments = new Fragments()
    const goods = markShared({ name: 'Гель' })
    const page = (
      <div>
        <span />
        <Card goods={goods}>
          <Labelled />
        </Card>
      </div>
    )
    renderPage(fragments.forPage(), page)
    const again = fragments.forPage()!
    const lookup = vi.spyOn(again, 'lookup')
    expect(renderPage(again, page)).toBe(renderToString(page))
    expect(lookup).toHaveLastReturnedWith(undefined)
  })

  it('is absent when disabled, and the card renders as usual', () => {
    const fragments = new Fragments({ disabled: true })
    const goods = markShared({ name: 'Паста' })
    expect(fragments.forPage()).toBeUndefined()
    expect(renderPage(undefined, <Card goods={goods} />)).toBe(renderToString(<Card goods={goods} />))
  })
})
