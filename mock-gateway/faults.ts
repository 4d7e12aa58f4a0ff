/**
 * Fault switches (DESIGN.md section 2): per-path status, latency, connection reset, invalid JSON and
 * hang. `*` in a path matches any run of characters, slashes included; a path without `*` matches
 * exactly; the query string is ignored; the path includes the `/webgate` or `/{product}-id` prefix.
 */
import { z } from 'zod'
import { isControlPath } from './http/control-path.ts'

/** What a fault does besides (or instead of) its status and delay. */
export const FAULT_MODES = ['reset', 'invalid-json', 'hang'] as const

/** One fault switch, as `POST /__mock/faults` and `MOCK_FAULTS` take it. */
export const FaultSchema = z
  .strictObject({
    path: z.string().startsWith('/'),
    status: z.number().int().min(200).max(599).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    mode: z.enum(FAULT_MODES).optional(),
  })
  .refine((fault) => fault.status !== undefined || fault.delayMs !== undefined || fault.mode !== undefined, {
    message: 'a fault needs a status, a delayMs or a mode',
  })
export type Fault = z.infer<typeof FaultSchema>

/** Named scenarios for demos and tests: each is a list of faults to switch on. */
export const SCENARIOS = {
  /** Every goods call fails with 503. */
  goodsDown: [{ path: '/webgate/v2/goods/*', status: 503 }],
  /** The whole web gateway answers after 3 s. */
  slowWeb: [{ path: '/webgate/*', delayMs: 3000 }],
  /** The id gateway drops connections. */
  idGatewayReset: [{ path: '/aurora-id/*', mode: 'reset' }],
  /** Main-page blocks answer broken JSON. */
  brokenMainPage: [{ path: '/webgate/v1/cosmetic-aurora/main-page/*', mode: 'invalid-json' }],
  /** Search never answers. */
  searchHangs: [{ path: '/webgate/v2/goods/search', mode: 'hang' }],
  /** A gateway without the storefront's own stock call (the spec does not list it): 501 as for any unknown call. */
  noStockCall: [{ path: '/webgate/v2/goods/*/stock', status: 501 }],
} as const satisfies Record<string, readonly Fault[]>

/** Turns a fault path into a matcher of request paths. */
export function faultMatcher(pattern: string): (path: string) => boolean {
  if (!pattern.includes('*')) return (path) => path === pattern
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  const regex = new RegExp(`^${source}$`)
  return (path) => regex.test(path)
}

/** A fault in force, with its id (`fault-1`), by which it is switched off alone. */
export type ActiveFault = Fault & { id: string }

/** The faults of one mock gateway instance. */
export interface FaultSwitches {
  /** Adds a fault; a later fault wins over an earlier one for the same request. */
  add(fault: Fault): ActiveFault
  /** Switches one fault off; false when no fault has that id. */
  remove(id: string): boolean
  clear(): void
  list(): ActiveFault[]
  /** The fault for a request path (without the query), if any; `/__mock/*` is never faulted. */
  match(path: string): ActiveFault | undefined
}

/** Creates an empty (or pre-filled) set of fault switches. */
export function createFaultSwitches(initial: readonly Fault[] = []): FaultSwitches {
  let faults: { fault: ActiveFault; matches: (path: string) => boolean }[] = []
  let next = 1
  const add = (fault: Fault) => {
    const active = { id: `fault-${next++}`, ...fault }
    faults.push({ fault: active, matches: faultMatcher(fault.path) })
    return active
  }
  initial.forEach(add)
  return {
    add,
    remove(id) {
      const before = faults.length
      faults = faults.filter(({ fault }) => fault.id !== id)
      return faults.length < before
    },
    clear: () => {
      faults = []
    },
    list: () => faults.map(({ fault }) => fault),
    match: (path) => {
      if (isControlPath(path)) return undefined
      for (let i = faults.length - 1; i >= 0; i--) if (faults[i]?.matches(path)) return faults[i]?.fault
      return undefined
    },
  }
}
