/** Route name → the view module its page loads (a path from the repository's root). */
export function pageModules(): Promise<Record<string, string>>
