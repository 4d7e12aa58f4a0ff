/**
 * Secrets out of what the mock shows or saves (the request journal, recorded stub files): exactly the
 * store's log rules, from the one implementation both use (`shared/log-redact.ts`, DESIGN.md section 3).
 * Ids stay whole (UUIDs, hex ids, fields named as ids) so the store's log and the mock's journal can be
 * matched by `x-request-id` or `attemptId`; tokens, codes, phones and card data are masked.
 */
import { CENSOR, isSecretField, redactNamed, redactText, redactValue } from '#shared/log-redact.ts'

export { CENSOR, maskPhone, redactQuery, redactText, redactValue } from '#shared/log-redact.ts'

/** Redacts a body text: JSON is redacted field by field, any other text as text. */
export function redactBody(text: string): unknown {
  try {
    return redactValue(JSON.parse(text))
  } catch {
    return redactText(text)
  }
}

/** Redacts header values: credentials blanked (a bearer keeps its scheme), ids kept, the rest cleaned as text. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'authorization') out[name] = /^bearer\s/i.test(value) ? `Bearer ${CENSOR}` : CENSOR
    else out[name] = isSecretField(name) ? CENSOR : redactNamed(name, value)
  }
  return out
}
