// Fails when our modules import each other in a cycle (type-only imports included): `npm run lint`.
import { sourceFiles, importGraph, cycles, cyclePath } from './import-graph.mjs'

const graph = importGraph(sourceFiles(['shared', 'client', 'server', 'mock-gateway', 'e2e', 'scripts']))
const found = cycles(graph)
for (const component of found) console.error(`import cycle: ${cyclePath(graph, component).join(' -> ')}`)
if (found.length > 0) {
  console.error(`${found.length} import cycle(s); cut them so each file's imports point one way`)
  process.exit(1)
}
