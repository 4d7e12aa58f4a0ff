/** Whether the connection is too slow to prefetch (Network Information API, where the browser has it). */
export function slowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } })
    .connection
  return connection?.effectiveType === 'slow-2g' || connection?.saveData === true
}
