export interface ChaosRow {
  scenario: string
  fault: string
  alert: string
  seen: string
  fired: string
  others: string
  /** The symptom alerts Alertmanager held inhibited behind this one. */
  inhibited: string
  resolved: string
  ok: boolean
}
export const SCENARIOS: Record<string, unknown>
export function formatTable(rows: ChaosRow[]): string
export function runChaos(options?: {
  scenarios?: string[]
  log?: (line: string) => void
  onReady?: (shape: import('./prod-shape.mjs').ProdShape) => Promise<void>
}): Promise<ChaosRow[]>
