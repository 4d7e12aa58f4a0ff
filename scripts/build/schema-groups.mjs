/**
 * The answer schemas (every `shared/models` module that builds zod schemas, and the API client
 * that validates with them) arrive with the first gateway call (decision 007), in three groups: the
 * catalogue's endpoints (goods, lists, search, reviews: what the first prefetch of a shop page calls,
 * a product's), the content ones (the home page's blocks, promotions, articles) and the shopper's
 * account and e-commerce. Each `shared/gateway` module imports its group's virtual module, so a group's schema
 * modules are reached by the same entry points and stay in one chunk instead of splitting per
 * combination of endpoints; what the groups share (zod, the API client, the common models) is a chunk
 * of its own. Building every schema at once was one 10–20 ms task on the first prefetch of a shop page
 * (the main-thread trace of the browser bench); the catalogue's group alone built about half of them,
 * and with the promotions' and the home page's schemas in it, a category page's first prefetch (of
 * product pages) still built them in one 6-9 ms task.
 */
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { root } from './root.mjs'
import { valueImports } from './source-imports.mjs'

export const SCHEMA_GROUPS = {
  catalog: ['goods', 'catalog', 'search', 'reviews'],
  content: ['main-page', 'content', 'promotions'],
  account: ['auth', 'cart', 'checkout', 'favorites', 'orders', 'payment-methods', 'polls', 'profile', 'stores'],
}
export const schemasEntry = (group) => `virtual:schemas:${group}`
/**
 * What every schema module of the browser build awaits before its body (chunking.mjs): building a
 * group's schemas was still one task of 17-21 ms on a first call (zod's constructors for the goods,
 * catalogue, search and reviews models), as a product page's first tap on its reviews showed. With the
 * wait, the modules of a group build their schemas one module per task, and the import of a gateway
 * module resolves once they all have. Only the first call of a visit waits for those few tasks.
 */
export const AWAIT_NEXT_TASK =
  // The shell's `nextTask()` (a message, not a timer: nested timers are clamped to 4 ms).
  `import { nextTask as __nextTask } from ${JSON.stringify(join(root, 'client/lib/next-task.ts'))};await __nextTask();`
const MODELS = join(root, 'shared/models')
/** The API client: the browser loads it with its first call (client/app/boot-api.ts), so it travels with the schemas. */
export const API_CLIENT = join(root, 'shared/api/client.ts')
const GATEWAY = join(root, 'shared/gateway') + '/'

/** The `shared/models` modules that build zod schemas (schema-free ones such as goods-sorts.ts stay out). */
async function schemaModuleFiles() {
  const files = new Set()
  for (const name of await readdir(MODELS)) {
    if (!/^[\w-]+\.ts$/.test(name) || name.endsWith('.test.ts')) continue
    if (/from 'zod\/mini'/.test(await readFile(join(MODELS, name), 'utf8'))) files.add(join(MODELS, name))
  }
  return files
}

/**
 * The schema modules, each one's groups (those whose gateway modules reach it through static imports
 * of values), each gateway module's group, and the groups' virtual modules.
 */
export async function schemaGroups() {
  const schemaModules = await schemaModuleFiles()
  const groupsOf = new Map()
  const gatewayGroup = new Map()
  const visit = async (file, group) => {
    const groups = groupsOf.get(file) ?? new Set()
    if (groups.has(group)) return
    groups.add(group)
    groupsOf.set(file, groups)
    for (const target of valueImports(await readFile(file, 'utf8'), file))
      if (schemaModules.has(target)) await visit(target, group)
  }
  for (const [group, names] of Object.entries(SCHEMA_GROUPS)) {
    for (const name of names) {
      const file = `${GATEWAY}${name}.ts`
      gatewayGroup.set(file, group)
      for (const target of valueImports(await readFile(file, 'utf8'), file))
        if (schemaModules.has(target)) await visit(target, group)
    }
  }
  for (const entry of await readdir(GATEWAY)) {
    const file = GATEWAY + entry
    if (/^[\w-]+\.ts$/.test(entry) && !entry.endsWith('.test.ts') && entry !== 'index.ts' && !gatewayGroup.has(file))
      throw new Error(`${file} belongs to no group of SCHEMA_GROUPS in scripts/build/schema-groups.mjs`)
  }
  const modules = Object.fromEntries(
    Object.keys(SCHEMA_GROUPS).map((group) => [
      schemasEntry(group),
      [API_CLIENT, ...[...schemaModules].filter((file) => groupsOf.get(file)?.has(group))]
        .map((file) => `import ${JSON.stringify(file)}`)
        .join('\n'),
    ]),
  )
  return { schemaModules, groupsOf, gatewayGroup, modules }
}

/**
 * The schema groups a module must import: a gateway module its own group; any other module that
 * imports values of schema modules (constants beside the schemas) the groups of those modules.
 */
export function schemaPrelude(file, source, { schemaModules, groupsOf, gatewayGroup }) {
  if (gatewayGroup.has(file)) return [schemasEntry(gatewayGroup.get(file))]
  if (schemaModules.has(file) || file === API_CLIENT) return []
  const groups = new Set()
  for (const target of valueImports(source, file))
    for (const group of groupsOf.get(target) ?? (schemaModules.has(target) ? Object.keys(SCHEMA_GROUPS) : []))
      groups.add(group)
  return [...groups].map(schemasEntry)
}
