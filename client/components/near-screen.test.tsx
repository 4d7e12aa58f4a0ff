import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import { NearScreen } from './near-screen.tsx'

describe('NearScreen', () => {
  it('renders only an empty placeholder on the server and never loads the part there', () => {
    let loads = 0
    const load = () => {
      loads++
      return Promise.resolve(() => <p>part</p>)
    }
    const html = renderToString(<NearScreen load={load} props={{}} />)
    expect(html).toBe('<div></div>')
    expect(loads).toBe(0)
  })
})
