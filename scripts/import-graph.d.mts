export function sourceFiles(folders: readonly string[]): string[]
export function readSource(path: string): string
export function specifiers(path: string): string[]
export function importGraph(files: readonly string[]): Map<string, string[]>
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][]
export function cyclePath(graph: ReadonlyMap<string, readonly string[]>, component: readonly string[]): string[]
export function repoPath(path: string): string
