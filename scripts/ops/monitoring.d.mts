export interface Rule {
  record?: string
  alert?: string
  expr: string
  for?: string
  labels?: Record<string, string>
  annotations?: Record<string, string>
}
export interface RuleGroup {
  name: string
  interval?: string
  rules: Rule[]
}
export const MONITORING: {
  runbookBaseUrl: string
  ruleLabels: Record<string, string>
  severities: { page: string; ticket: string }
  redisJob: string
}
export const JOB: string
export const SERVICE: string
export const NON_PAGE_ROUTES: string
export const PAGE: string
export const SLO: { availability: number; latency: number; latencyThresholdSeconds: number }
export const BURN_WINDOWS: { long: string; short: string; factor: number; hold: string; severity: string }[]
export const INHIBITIONS: { source: string; targets: string[] }[]
export function runbookPath(alert: string): string
export function runbookUrl(alert: string): string
export function ruleGroups(options?: { fast?: boolean }): RuleGroup[]
export function alertNames(): string[]
export function rulesYaml(options?: { fast?: boolean }): string
export function prometheusRuleYaml(): string
export function serviceMonitorYaml(): string
export function prometheusConfigYaml(options: {
  targets: string[]
  redisExporter: string
  rulesFile: string
  alertmanager: string
  fast: boolean
}): string
export function alertmanagerConfig(options?: { fast?: boolean }): Record<string, unknown>
export function alertmanagerConfigYaml(options?: { fast?: boolean }): string
/** The committed generated files and their wanted text. */
export const GENERATED: Record<string, () => string>
