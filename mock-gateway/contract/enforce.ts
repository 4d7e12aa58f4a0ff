/**
 * The contract at run time (Prism's validation proxy): a stub, a recording or a state file's stub
 * whose JSON body breaks the OpenAPI 3.1 contract (`contract/openapi.ts`, the store's own zod
 * schemas) is refused, unless the stub says `offContract` or the mock runs `MOCK_CONTRACT=warn`; then
 * it is served and the journal marks it. A body quoting the request is checked when it is served. Calls
 * the contract does not know (other paths or methods, globs and regular expressions) are not checked.
 */
import { readFile } from 'node:fs/promises'
import type { ContractCheck } from '../state.ts'
import { bodyFileIn, isTemplated, type StubDef } from '../stubs.ts'
import { createConformance } from './conformance.ts'
import { buildOpenApi } from './openapi.ts'

/** A checker for a brand's contract, built on first use (the document and its compiled schemas). */
export function createContractCheck(product: string): ContractCheck {
  let check: ReturnType<typeof createConformance> | undefined
  return (method, path, status, body) => {
    check ??= createConformance(buildOpenApi(product))
    const complaints = check(method, path, status, body)
    // A call the contract has no operation for is not the contract's business.
    return complaints.length === 1 && complaints[0]?.startsWith('no operation') ? [] : complaints
  }
}

/** The one concrete path a stub's `path` stands for, when it stands for one (`:name` taken as `1`). */
function concretePath(stub: StubDef): string | undefined {
  const { path } = stub.match
  if (path === undefined || path.includes('*')) return undefined
  return path.replace(/:[A-Za-z_]\w*/g, '1')
}

/**
 * What the contract says of a stub's answer before it is served (empty: nothing, or not checkable now).
 * A JSON body file is read from the stubs folder; a text body at 5xx (an outage page) is never checked.
 */
export async function stubContractComplaints(
  check: ContractCheck,
  stub: StubDef,
  baseDir: string | undefined,
): Promise<string[]> {
  const path = concretePath(stub)
  if (path === undefined || stub.match.method === '*' || isTemplated(stub)) return []
  let body = stub.respond.body
  if (stub.respond.bodyFile !== undefined) {
    if (!stub.respond.bodyFile.endsWith('.json')) return []
    const file = await bodyFileIn(baseDir ?? process.cwd(), stub.respond.bodyFile)
    try {
      body = JSON.parse(await readFile(file, 'utf8'))
    } catch {
      return [`respond.bodyFile: ${stub.respond.bodyFile} is not JSON`]
    }
  }
  if (body === undefined || (typeof body === 'string' && stub.respond.status >= 500)) return []
  return check(stub.match.method, path, stub.respond.status, body)
}
