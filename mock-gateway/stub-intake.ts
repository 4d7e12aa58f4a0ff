/**
 * How a stub gets in, whichever way it comes (`POST /__mock/stubs`, the control page, a stub file, a
 * state file, a recording): parsed strictly (unknown keys and bad values named), its `bodyFile` inside
 * the stubs folder, and its body held to the contract unless it says `offContract` or the mock runs
 * `MOCK_CONTRACT=warn`. Each problem comes back under the field it is about.
 */
import { resolve } from 'node:path'
import { stubContractComplaints } from './contract/enforce.ts'
import type { MockState } from './state.ts'
import { bodyFileIn, issueFields, StubFileAccessError, StubSchema, stubKeysText, type StubDef } from './stubs.ts'

/** Where stub files and body files live without `MOCK_STUBS`, and where recordings go. */
export const DEFAULT_STUBS_DIR = 'mock-stubs'

/** The stubs folder: `MOCK_STUBS`, else `./mock-stubs`. Every `bodyFile` lies inside it. */
export const stubsFolder = (state: Pick<MockState, 'config'>): string =>
  resolve(state.config.stubsDir ?? DEFAULT_STUBS_DIR)

/** A stub admitted, or the fields that keep it out. */
export type Admission = { stub: StubDef; fields?: undefined } | { stub?: undefined; fields: Record<string, string> }

/** Whether a stub's contract complaints keep it out (else it is served and the journal marks them). */
export const contractEnforced = (state: Pick<MockState, 'config'>, stub: StubDef): boolean =>
  !stub.offContract && state.config.contract === 'enforce'

/** Checks a stub as given (JSON); `prefix` names where it sits (`stubs.2` in a state file). */
export async function admitStub(state: MockState, raw: unknown, prefix = ''): Promise<Admission> {
  const named = (fields: Record<string, string>) =>
    Object.fromEntries(Object.entries(fields).map(([key, value]) => [prefix ? `${prefix}.${key}` : key, value]))
  const parsed = StubSchema.safeParse(raw)
  if (!parsed.success) return { fields: named(issueFields(parsed.error, 'stub', stubKeysText)) }
  const stub = parsed.data
  const folder = stubsFolder(state)
  if (stub.respond.bodyFile !== undefined) {
    try {
      await bodyFileIn(folder, stub.respond.bodyFile)
    } catch (error) {
      if (!(error instanceof StubFileAccessError)) throw error
      return { fields: named({ 'respond.bodyFile': error.message.replace(/^respond\.bodyFile: /, '') }) }
    }
  }
  if (contractEnforced(state, stub)) {
    const complaints = await stubContractComplaints(state.contract, stub, folder)
    if (complaints.length)
      return {
        fields: named({
          [stub.respond.bodyFile === undefined ? 'respond.body' : 'respond.bodyFile']:
            `breaks the contract (docs/gateway-openapi.json): ${complaints.slice(0, 3).join('; ')}; set offContract: true to serve it anyway`,
        }),
      }
  }
  return { stub }
}

/** One line naming the first problem of an admission, for start-up errors. */
export const admissionText = (fields: Record<string, string>): string =>
  Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ')
