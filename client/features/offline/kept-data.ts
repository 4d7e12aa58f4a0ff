/**
 * What the device keeps for the till without signal: the signed-in shopper's loyalty card and the
 * passes of their orders ready for pickup, in Cache Storage (`KEPT_CACHE`) under the shopper's own
 * key (`/__kept/{userId}/…`). The page writes what it has just shown (never an HTTP answer: these
 * are synthetic entries, so nothing private or cookie-setting is ever cached); the offline page reads
 * them for the shopper whose `user_id` cookie the browser holds. Entries of any other shopper, and
 * every entry when no one is signed in, are deleted (`pruneKept`); sign-out deletes them all.
 */
import { COOKIE } from '#shared/cookies.ts'
import { readBrowserCookie } from '#client/context/session.ts'
import type { PickupPass } from '#client/features/ecom/pickup-pass-data.ts'

/** The Cache Storage cache of the kept data (shared with the worker's folder README). */
export const KEPT_CACHE = 'aurora-kept-v1'
/** localStorage: '1' once the shopper has used the card or a pass online (the install offer waits for it). */
export const USED_AT_TILL_KEY = 'app.install.used'
/** Dispatched on `window` when the card or a pass has been shown. */
export const USED_AT_TILL_EVENT = 'aurora:used-at-till'

/** The kept loyalty card. */
export interface KeptCard {
  number: string
  /** When the page showed it (ISO): «Нет сети: данные на 14:32». */
  keptAt: string
}

/** A kept pickup pass. */
export interface KeptPass {
  orderId: string
  pass: PickupPass
  keptAt: string
}

/** Everything kept for one shopper. */
export interface Kept {
  card: KeptCard | undefined
  passes: KeptPass[]
}

const PREFIX = '/__kept/'
const shopperPrefix = (userId: string) => `${PREFIX}${encodeURIComponent(userId)}/`
const cardKey = (userId: string) => `${shopperPrefix(userId)}card`
const passKey = (userId: string, orderId: string) => `${shopperPrefix(userId)}pass/${encodeURIComponent(orderId)}`

/** The kept cache, or undefined where Cache Storage or a service worker is missing (nothing is kept then). */
async function openKept(): Promise<Cache | undefined> {
  if (typeof caches === 'undefined' || !('serviceWorker' in navigator)) return undefined
  try {
    return await caches.open(KEPT_CACHE)
  } catch {
    // Storage refused (a private window over its quota): the till screens simply need the network.
    return undefined
  }
}

/** The signed-in shopper by the browser's `user_id` cookie; undefined for an anonymous visitor. */
export const currentShopper = (): string | undefined => readBrowserCookie(COOKIE.userId) || undefined

/** Deletes what is kept for anyone but `userId` (everything when undefined: an anonymous visitor). */
export async function pruneKept(userId: string | undefined): Promise<void> {
  if (typeof caches === 'undefined') return
  if (userId === undefined) {
    await caches.delete(KEPT_CACHE).catch(() => false)
    return
  }
  const cache = await openKept()
  if (!cache) return
  const own = shopperPrefix(userId)
  for (const request of await cache.keys()) {
    if (!new URL(request.url).pathname.startsWith(own)) await cache.delete(request)
  }
}

/** Deletes everything kept (sign-out). */
export async function forgetKept(): Promise<void> {
  await pruneKept(undefined)
}

/** How a card or pass came to be kept: `shown` on its screen (a use, for the install offer) or refreshed unseen. */
export interface KeepOptions {
  shown: boolean
  now?: Date
}

async function put(userId: string, key: string, value: unknown, shown: boolean): Promise<void> {
  const cache = await openKept()
  if (!cache) return
  // A change of shopper: what the last one kept goes before anything of this one is kept.
  await pruneKept(userId)
  await cache.put(key, new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } }))
  if (!shown) return
  localStorage.setItem(USED_AT_TILL_KEY, '1')
  window.dispatchEvent(new Event(USED_AT_TILL_EVENT))
}

/** Keeps the signed-in shopper's card; does nothing for an anonymous visitor. */
export async function keepCard(number: string, { shown, now = new Date() }: KeepOptions): Promise<void> {
  const userId = currentShopper()
  if (userId) await put(userId, cardKey(userId), { number, keptAt: now.toISOString() } satisfies KeptCard, shown)
}

/** Keeps the pass of the signed-in shopper's order ready for pickup. */
export async function keepPass(
  orderId: string,
  pass: PickupPass,
  { shown, now = new Date() }: KeepOptions,
): Promise<void> {
  const userId = currentShopper()
  if (userId) {
    const kept: KeptPass = { orderId, pass, keptAt: now.toISOString() }
    await put(userId, passKey(userId, orderId), kept, shown)
  }
}

/** Forgets the pass of an order that is no longer waiting for the shopper (collected, cancelled). */
export async function forgetPass(orderId: string): Promise<void> {
  const userId = currentShopper()
  const cache = userId ? await openKept() : undefined
  if (cache && userId) await cache.delete(passKey(userId, orderId))
}

async function readJson<T>(cache: Cache, request: RequestInfo): Promise<T | undefined> {
  try {
    return (await (await cache.match(request))?.json()) as T | undefined
  } catch {
    return undefined
  }
}

/**
 * What is kept for `userId`: the card and the passes still kept in their store at `now` (a pass past
 * its keep-until date is deleted), the newest first.
 */
export async function readKept(userId: string, now = new Date()): Promise<Kept> {
  const cache = await openKept()
  if (!cache) return { card: undefined, passes: [] }
  const card = await readJson<KeptCard>(cache, cardKey(userId))
  const passes: KeptPass[] = []
  const passPrefix = `${shopperPrefix(userId)}pass/`
  for (const request of await cache.keys()) {
    if (!new URL(request.url).pathname.startsWith(passPrefix)) continue
    const kept = await readJson<KeptPass>(cache, request)
    const until = kept?.pass.keepUntil ? Date.parse(kept.pass.keepUntil) : NaN
    if (!kept || until < now.getTime()) await cache.delete(request)
    else passes.push(kept)
  }
  passes.sort((a, b) => b.keptAt.localeCompare(a.keptAt))
  return { card: card && typeof card.number === 'string' ? card : undefined, passes }
}
