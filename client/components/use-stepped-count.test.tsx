import { describe, expect, it } from 'vitest'
import { renderToString } from 'react-dom/server'
import {
  FIRST_STEP_ITEMS,
  FIRST_STEP_ITEMS_NARROW,
  NEXT_STEP_ITEMS,
  NEXT_STEP_ITEMS_NARROW,
  firstStepItems,
  nextStepCount,
  nextStepItems,
  useSteppedCount,
} from './use-stepped-count.ts'

function List({ items }: { items: number[] }) {
  const count = useSteppedCount(items.length, 'list')
  return (
    <ul>
      {items.slice(0, count).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

describe('useSteppedCount', () => {
  it('renders every item on the server, so the HTML and the hydrating render stay whole', () => {
    const items = Array.from({ length: 24 }, (_, i) => i)
    const html = renderToString(<List items={items} />)
    expect(html.match(/<li>/g)).toHaveLength(24)
  })

  it('adds a step of items at a time and stops at the total', () => {
    expect(FIRST_STEP_ITEMS).toBeLessThan(24)
    expect(nextStepCount(FIRST_STEP_ITEMS, 24)).toBe(FIRST_STEP_ITEMS + NEXT_STEP_ITEMS)
    expect(nextStepCount(20, 24)).toBe(24)
    expect(nextStepCount(24, 24)).toBe(24)
    expect(nextStepCount(0, 3, 8)).toBe(3)
  })

  it('starts with the first screen of a phone below 640 px and of a wide screen above it', () => {
    expect(firstStepItems(true)).toBe(FIRST_STEP_ITEMS_NARROW)
    expect(firstStepItems(false)).toBe(FIRST_STEP_ITEMS)
    // The first row of the two-column grid; never more than the wide screen's first step.
    expect(FIRST_STEP_ITEMS_NARROW).toBe(2)
    expect(FIRST_STEP_ITEMS_NARROW).toBeLessThanOrEqual(FIRST_STEP_ITEMS)
    // Without matchMedia (the server's render), the wide step.
    expect(firstStepItems()).toBe(FIRST_STEP_ITEMS)
  })

  it('then adds a row of cards per frame: two below 640 px, four on a wide screen', () => {
    expect(nextStepItems(true)).toBe(NEXT_STEP_ITEMS_NARROW)
    expect(nextStepItems(false)).toBe(NEXT_STEP_ITEMS)
    expect(NEXT_STEP_ITEMS_NARROW).toBe(2)
    expect(nextStepCount(FIRST_STEP_ITEMS_NARROW, 24, nextStepItems(true))).toBe(4)
    expect(nextStepItems()).toBe(NEXT_STEP_ITEMS)
  })
})
