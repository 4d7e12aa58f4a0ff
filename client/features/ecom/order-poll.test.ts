import { describe, expect, it } from 'vitest'
import type { Order } from '#shared/models/orders.ts'
import { applyOrderChanges } from './order-poll.ts'

const order = {
  id: 'o1',
  number: 'AU-100001',
  status: 'created',
  createdAt: '2025-06-01T10:00:00.000Z',
  total: 100,
  itemsCount: 1,
  deliveryType: 'pickup',
  storeName: null,
  lines: [],
  totals: {},
  store: null,
  payment: null,
  statusHistory: [{ status: 'created', at: '2025-06-01T10:00:00.000Z' }],
  canCancel: true,
  updatedAt: '2025-06-01T10:00:00.000Z',
  version: 3,
} as unknown as Order

describe('applying the status poll to an order', () => {
  it('applies the newest change of this order: status, history, version and whether it may be cancelled', () => {
    const next = applyOrderChanges(order, {
      version: 6,
      changes: [
        { id: 'o1', status: 'paid', updatedAt: '2025-06-01T10:00:10.000Z', version: 4 },
        { id: 'o2', status: 'ready', updatedAt: '2025-06-01T10:00:11.000Z', version: 5 },
        { id: 'o1', status: 'ready', updatedAt: '2025-06-01T10:00:30.000Z', version: 6 },
      ],
    })
    expect(next).toMatchObject({ status: 'ready', version: 6, updatedAt: '2025-06-01T10:00:30.000Z', canCancel: false })
    expect(next.statusHistory.at(-1)).toEqual({ status: 'ready', at: '2025-06-01T10:00:30.000Z' })
  })

  it("carries a pickup order's keeping date, and leaves it alone when the change has none", () => {
    const pickup = { ...order, pickup: { keepDays: 3, keepUntil: null } }
    const keepUntil = '2025-06-04T10:00:30.000Z'
    const ready = applyOrderChanges(pickup, {
      version: 4,
      changes: [{ id: 'o1', status: 'ready', updatedAt: '2025-06-01T10:00:30.000Z', version: 4, keepUntil }],
    })
    expect(ready.pickup).toEqual({ keepDays: 3, keepUntil })
    const silent = applyOrderChanges(ready, {
      version: 5,
      changes: [{ id: 'o1', status: 'ready', updatedAt: '2025-06-01T10:00:40.000Z', version: 5 }],
    })
    expect(silent.pickup).toEqual({ keepDays: 3, keepUntil })
  })

  it('keeps the same object when no change of this order is newer than it', () => {
    expect(
      applyOrderChanges(order, {
        version: 5,
        changes: [
          { id: 'o1', status: 'created', updatedAt: order.updatedAt, version: 3 },
          { id: 'o2', status: 'paid', updatedAt: order.updatedAt, version: 5 },
        ],
      }),
    ).toBe(order)
  })
})
