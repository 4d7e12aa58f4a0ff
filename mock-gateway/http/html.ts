/** Escaping for the few HTML and SVG documents the mock writes. */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Escapes text for HTML/XML content and attribute values. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char)
