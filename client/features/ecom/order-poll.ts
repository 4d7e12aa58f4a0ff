/**
 * The order page's status polling (spec section 7, `/v1/orders/poll`): while the order is in
 * progress, the page asks every few seconds for the shopper's changes since the order's version and
 * applies the one of this order in place, instead of re-reading the whole order.
 */
import { useEffect, useRef } from 'react'
import type { Order, OrdersPoll } from '#shared/models/orders.ts'
import { ACTIVE_STATUSES, CANCELLABLE_STATUSES } from '#shared/models/values.ts'
import { useApi } from '#client/context/app-context.tsx'

/** How often an order in progress asks for changes. */
export const ORDER_POLL_MS = 5_000

/** The order after a poll answer: its newest change applied, or the same object when none is newer. */
export function applyOrderChanges(order: Order, poll: OrdersPoll): Order {
  const change = poll.changes.filter((c) => c.id === order.id && c.version > order.version).at(-1)
  if (!change) return order
  const history =
    change.status === order.status
      ? order.statusHistory
      : [...order.statusHistory, { status: change.status, at: change.updatedAt }]
  return {
    ...order,
    status: change.status,
    statusHistory: history,
    updatedAt: change.updatedAt,
    version: change.version,
    canCancel: CANCELLABLE_STATUSES.includes(change.status),
    ...(order.pickup && change.keepUntil !== undefined
      ? { pickup: { ...order.pickup, keepUntil: change.keepUntil } }
      : {}),
  }
}

/** Polls while the order is in progress and hands each changed order to `apply`; failures are logged and retried next time. */
export function useOrderPoll(order: Order | undefined, apply: (next: Order) => void): void {
  const api = useApi()
  const latest = useRef(order)
  latest.current = order
  const applyRef = useRef(apply)
  applyRef.current = apply
  const active = order !== undefined && ACTIVE_STATUSES.includes(order.status)
  const orderId = order?.id

  useEffect(() => {
    if (!active || !latest.current) return
    const controller = new AbortController()
    let since = latest.current.version
    let running = false
    // Never rejects: a failed poll is logged and the next one tries again.
    const poll = async () => {
      if (running || document.hidden) return
      running = true
      try {
        const answer = await api.call((await import('#shared/gateway/orders.ts')).pollOrders, {
          query: { since },
          signal: controller.signal,
        })
        since = Math.max(since, answer.version)
        const current = latest.current
        if (!current || controller.signal.aborted) return
        const next = applyOrderChanges(current, answer)
        if (next !== current) applyRef.current(next)
      } catch (error) {
        if (!controller.signal.aborted)
          console.warn('[orders] status poll failed', error instanceof Error ? error.message : error)
      } finally {
        running = false
      }
    }
    const timer = setInterval(() => void poll(), ORDER_POLL_MS)
    return () => {
      clearInterval(timer)
      controller.abort()
    }
  }, [active, orderId, api])
}
