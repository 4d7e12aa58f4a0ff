/**
 * The pathname and query of an HTTP request target, read as a path only. `new URL(target, base)`
 * would read `//evil.example/x` as a host and a path (`/x`); here it stays the path
 * `//evil.example/x`, which is no route (rule 5: not found).
 */

/** The raw (still percent-encoded) pathname and search (`?…` or '') of a request target. */
export function parseRequestTarget(target: string): { pathname: string; search: string } {
  let rest = target
  // Absolute form (`GET http://host/path`, RFC 9112 section 3.2.2): only its path and query count.
  if (/^https?:\/\//i.test(rest)) {
    const afterScheme = rest.indexOf('//') + 2
    const slash = rest.slice(afterScheme).search(/[/?#]/)
    rest = slash < 0 ? '/' : rest.slice(afterScheme + slash)
  }
  const hash = rest.indexOf('#')
  if (hash >= 0) rest = rest.slice(0, hash)
  const question = rest.indexOf('?')
  const pathname = question < 0 ? rest : rest.slice(0, question)
  const search = question < 0 ? '' : rest.slice(question)
  return { pathname: pathname.startsWith('/') ? pathname : `/${pathname}`, search: search === '?' ? '' : search }
}
