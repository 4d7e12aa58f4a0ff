/**
 * Crawler detection (DESIGN.md section 3: bots get the status and a minimal body, and are never
 * redirected by the store choice). isbot's maintained list, minus its `headless` pattern: a headless
 * browser runs our JavaScript and is served like a person (monitoring, previews, end-to-end checks).
 */
import { createIsbotFromList, list } from 'isbot'

const crawler = createIsbotFromList(list.filter((pattern) => pattern !== 'headless'))

/** Whether a user agent is a crawler. */
export const isCrawler = (userAgent: string | undefined): boolean => crawler(userAgent ?? '')
