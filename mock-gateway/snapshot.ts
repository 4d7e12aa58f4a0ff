/**
 * The mock's state as a file, for bug reports: `GET /__mock/state` exports what differs from the seed
 * (records of every collection that were changed, added or removed: profiles, carts, orders, cards,
 * favorites, stock, stores…), the clock, the courier windows filled, order change versions, id
 * counters, faults and stubs, and the shopper to sign in as. `PUT /__mock/state` (and `MOCK_STATE` at
 * start) puts a mock of the same brand and seed back into exactly that state. Sessions, OTP attempts and
 * idempotency keys are not part of it: the shopper signs in again.
 */
import { z } from 'zod'
import { createManualClock } from './clock.ts'
import { createDb, type MockDb } from './db/index.ts'
import { FaultSchema } from './faults.ts'
import { seedState } from './seed/index.ts'
import type { MockState, Sequences } from './state.ts'
import { maskPhone } from '#shared/log-redact.ts'
import { admissionText, admitStub, stubsFolder } from './stub-intake.ts'
import type { Stub, StubDef, StubInput } from './stubs.ts'

/** The format version of state files. */
export const STATE_VERSION = 1

type AnyRecord = Record<string, unknown>
type CollectionName = keyof MockDb

/** The key of a record of each collection (by default its `id`). */
const KEYS: Partial<Record<CollectionName, (record: AnyRecord) => unknown>> = {
  stores: (record) => record.code,
  cities: (record) => record.fiasId,
  users: (record) => record.userId,
  carts: (record) => record.userId,
  favorites: (record) => record.userId,
  paymentMethods: (record) => (record.method as AnyRecord | undefined)?.id,
}
const keyOf = (name: CollectionName, record: AnyRecord): string => String((KEYS[name] ?? ((r) => r.id))(record))

/** A state file. */
export const StateFileSchema = z.object({
  version: z.literal(STATE_VERSION),
  product: z.string(),
  seed: z.number().int(),
  /** The mock clock when the seed was made, and when the state was saved (ISO 8601). */
  seededAt: z.iso.datetime({ offset: true }),
  clock: z.iso.datetime({ offset: true }),
  /** The shopper the bug is about: the last one who made a signed-in call, else the seed's Анна. */
  signInAs: z.object({ phone: z.string(), userId: z.string() }).optional(),
  collections: z.record(
    z.string(),
    z.object({ set: z.array(z.record(z.string(), z.unknown())).default([]), removed: z.array(z.string()).default([]) }),
  ),
  fullSlots: z.array(z.string()).default([]),
  redirects: z.array(z.tuple([z.number(), z.object({ location: z.string(), permanent: z.boolean() })])).default([]),
  orderVersions: z.array(z.tuple([z.string(), z.number()])).default([]),
  seq: z.record(z.string(), z.number()).optional(),
  faults: z.array(FaultSchema).default([]),
  /** Checked one by one as any stub is (stub-intake.ts) when imported. */
  stubs: z.array(z.unknown()).default([]),
})
export type StateFile = z.infer<typeof StateFileSchema>

/** Seeds a throwaway database as the mock's own seed was made (same brand, seed and clock time). */
async function seedBaseline(state: MockState): Promise<MockDb> {
  const db = createDb()
  const seq: Sequences = { user: 200_000, order: 0, review: 0, paymentMethod: 0, feedback: 0 }
  await seedState({
    ...state,
    db,
    seq,
    redirects: new Map(),
    orderVersions: new Map(),
    clock: createManualClock(state.seededAt),
  })
  return db
}

/** The user id in a bearer token's payload (unverified: the journal keeps only what the mock accepted). */
function tokenUser(authorization: string | undefined): string | undefined {
  const token = /^Bearer\s+([\w-]+)\.([\w-]+)\.[\w-]+$/i.exec(authorization ?? '')?.[2]
  if (!token) return undefined
  try {
    const payload = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { sub?: unknown }
    return typeof payload.sub === 'string' ? payload.sub : undefined
  } catch {
    return undefined
  }
}

/** The shopper of the last signed-in call the journal kept, else the seed's complete profile. */
function lastShopper(state: MockState): { phone: string; userId: string } | undefined {
  let userId: string | undefined
  for (const entry of state.journal.raw()) {
    const header = entry.headers instanceof Headers ? entry.headers.get('authorization') : entry.headers.authorization
    userId = tokenUser(Array.isArray(header) ? header[0] : (header ?? undefined)) ?? userId
  }
  const user =
    (userId && state.db.users.findFirst((q) => q.where({ userId }))) ||
    state.db.users.findFirst((q) => q.where({ userId: '100001' }))
  return user ? { phone: user.phone, userId: user.userId } : undefined
}

/** The stub as a state file holds it: no id or hit count; a body file stays a name inside the stubs folder. */
function savedStub(stub: Stub): StubInput {
  const { id: _id, hits: _hits, baseDir: _baseDir, ...def } = stub
  return def
}

/**
 * A phone the file may show: the seed's own (public in the README) as is; a phone someone typed (a
 * registration) masked, `79*******42`. On import a masked phone gets a stand-in (`standInPhone`).
 */
const exportedPhone = (phone: string, seedPhones: ReadonlySet<string>) =>
  seedPhones.has(phone) ? phone : maskPhone(phone)

/** The phone a user whose phone was masked in a state file signs in with: `799` and the user id. */
export const standInPhone = (userId: string): string => `799${userId.replace(/\D/g, '').padStart(8, '0').slice(-8)}`

/** Exports the state: what differs from the seed, and everything else a bug needs. */
export async function exportState(state: MockState): Promise<StateFile> {
  const baseline = await seedBaseline(state)
  const seedPhones = new Set(baseline.users.all().map((user) => user.phone))
  const collections: StateFile['collections'] = {}
  for (const name of Object.keys(state.db) as CollectionName[]) {
    const seeded = new Map<string, string>()
    for (const record of baseline[name].all() as AnyRecord[]) seeded.set(keyOf(name, record), JSON.stringify(record))
    const set: AnyRecord[] = []
    const present = new Set<string>()
    for (const record of state.db[name].all() as AnyRecord[]) {
      const key = keyOf(name, record)
      present.add(key)
      if (seeded.get(key) === JSON.stringify(record)) continue
      const copy = structuredClone(record)
      if (name === 'users' && typeof copy.phone === 'string') copy.phone = exportedPhone(copy.phone, seedPhones)
      set.push(copy)
    }
    const removed = [...seeded.keys()].filter((key) => !present.has(key))
    if (set.length || removed.length) collections[name] = { set, removed }
  }
  const shopper = lastShopper(state)
  return {
    version: STATE_VERSION,
    product: state.config.product,
    seed: state.config.seed,
    seededAt: new Date(state.seededAt).toISOString(),
    clock: new Date(state.clock.now()).toISOString(),
    signInAs: shopper && { ...shopper, phone: exportedPhone(shopper.phone, seedPhones) },
    collections,
    fullSlots: [...state.fullSlots],
    redirects: [...state.redirects],
    orderVersions: [...state.orderVersions],
    seq: { ...state.seq },
    faults: state.faults.list().map(({ id: _id, ...fault }) => fault),
    stubs: state.stubs.list().map(savedStub),
  }
}

/** Why a state file cannot be imported into this mock. */
export class StateImportError extends Error {
  override readonly name = 'StateImportError'
}

/** Reads a state file's JSON; throws StateImportError naming the first problem. */
export function parseStateFile(raw: unknown): StateFile {
  const parsed = StateFileSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new StateImportError(
      `not a mock state file: ${issue?.path.join('.') || 'file'}: ${issue?.message ?? 'bad value'}`,
    )
  }
  return parsed.data
}

/** Puts the mock into a saved state: the seed made again at the file's seed time, then the file's changes. */
export async function importState(state: MockState, file: StateFile): Promise<void> {
  if (file.product !== state.config.product || file.seed !== state.config.seed)
    throw new StateImportError(
      `the state is of PRODUCT=${file.product} MOCK_SEED=${file.seed}; this mock runs PRODUCT=${state.config.product} MOCK_SEED=${state.config.seed}`,
    )
  const names = Object.keys(state.db) as CollectionName[]
  const unknown = Object.keys(file.collections).filter((name) => !names.includes(name as CollectionName))
  if (unknown.length) throw new StateImportError(`unknown collections: ${unknown.join(', ')}`)
  // Stubs are checked before anything changes, as any stub is, so a refused one leaves the mock as it was.
  const stubs: StubDef[] = []
  for (const [index, raw] of file.stubs.entries()) {
    const admitted = await admitStub(state, raw, `stubs.${index}`)
    if (!admitted.stub) throw new StateImportError(`a stub is refused: ${admissionText(admitted.fields)}`)
    stubs.push(admitted.stub)
  }

  // Deleted one by one from a copy of the list (deleting while iterating the live list skips records).
  for (const name of names) {
    const collection = state.db[name] as unknown as { all(): AnyRecord[]; delete(record: AnyRecord): unknown }
    for (const record of [...collection.all()]) collection.delete(record)
  }
  Object.assign(state.seq, { user: 200_000, order: 0, review: 0, paymentMethod: 0, feedback: 0 })
  state.redirects.clear()
  state.orderVersions.clear()
  state.seededAt = Date.parse(file.seededAt)
  await seedState({ ...state, clock: createManualClock(state.seededAt) })

  for (const [name, changes] of Object.entries(file.collections) as [
    CollectionName,
    StateFile['collections'][string],
  ][]) {
    const collection = state.db[name] as unknown as {
      all(): AnyRecord[]
      delete(record: AnyRecord): unknown
      create(record: AnyRecord): Promise<unknown>
    }
    const drop = new Set([...changes.removed, ...changes.set.map((record) => keyOf(name, record))])
    for (const record of [...collection.all()]) if (drop.has(keyOf(name, record))) collection.delete(record)
    for (const record of changes.set) {
      if (name === 'users' && typeof record.phone === 'string' && record.phone.includes('*'))
        record.phone = standInPhone(String(record.userId))
      try {
        await collection.create(record)
      } catch (error) {
        throw new StateImportError(
          `${name} ${keyOf(name, record)}: ${error instanceof Error ? error.message.slice(0, 300) : String(error)}`,
        )
      }
    }
  }
  state.fullSlots.clear()
  for (const slot of file.fullSlots) state.fullSlots.add(slot)
  state.redirects.clear()
  for (const [id, redirect] of file.redirects) state.redirects.set(id, redirect)
  state.orderVersions.clear()
  for (const [userId, version] of file.orderVersions) state.orderVersions.set(userId, version)
  if (file.seq) Object.assign(state.seq, file.seq)
  state.idempotency.clear()
  state.faults.clear()
  for (const fault of file.faults) state.faults.add(fault)
  state.stubs.clear()
  for (const stub of stubs) state.stubs.add(stub, stubsFolder(state))
  state.clock.set(Date.parse(file.clock))
  state.answers.clear()
}
