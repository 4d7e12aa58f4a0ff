/**
 * A small YAML writer for the configs generated here (rules, PrometheusRule, ServiceMonitor, Prometheus
 * and Alertmanager configs): maps, lists, numbers, booleans and strings; multi-line strings as literal
 * blocks, other strings plain when YAML reads them back as the same string, double-quoted otherwise.
 */

const PLAIN = /^[A-Za-z_/][\w ./:@()-]*$/
const RESERVED = /^(?:true|false|yes|no|on|off|null|~|y|n)$/i

function scalar(value) {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value === null) return 'null'
  const text = String(value)
  if (PLAIN.test(text) && !RESERVED.test(text) && !text.endsWith(' ') && !/: | #/.test(text)) return text
  // Single quotes unless the text has one (Prettier's YAML style); double quotes with JSON's escapes otherwise.
  const escaped = JSON.stringify(text)
  return text.includes("'") || escaped.slice(1, -1) !== text.replaceAll('"', '\\"') ? escaped : `'${text}'`
}

/** Multi-line text, and PromQL with quoted label values (readable without escapes), go in literal blocks. */
const isBlock = (value) =>
  typeof value === 'string' &&
  (value.includes('\n') || (value.includes('"') && value.trim() === value && !value.includes('{{')))
const isEmpty = (value) => (Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0)

function lines(value, indent) {
  const pad = ' '.repeat(indent)
  const out = []
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item !== null && typeof item === 'object' && !isEmpty(item)) {
        const inner = lines(item, indent + 2)
        out.push(`${pad}- ${inner[0].trimStart()}`, ...inner.slice(1))
      } else out.push(`${pad}- ${inline(item)}`)
    }
    return out
  }
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue
    if (isBlock(item)) {
      out.push(`${pad}${key}: |-`, ...item.split('\n').map((line) => (line ? `${pad}  ${line}` : '')))
    } else if (item !== null && typeof item === 'object' && !isEmpty(item)) {
      out.push(`${pad}${key}:`, ...lines(item, indent + 2))
    } else out.push(`${pad}${key}: ${inline(item)}`)
  }
  return out
}

function inline(value) {
  if (Array.isArray(value)) return '[]'
  if (value !== null && typeof value === 'object') return '{}'
  return scalar(value)
}

/** The YAML text of a value (a map or a list at the top). */
export const toYaml = (value) => `${lines(value, 0).join('\n')}\n`
