/* eslint-disable @typescript-eslint/no-explicit-any */
export const DASHBOARD_FILE: string
/** The Grafana model (a plain JSON object). */
export function dashboard(): any
export function validateDashboard(model: any): string[]
export function metricNames(expr: string): string[]
export function dashboardQueries(model?: any): { panel: string; expr: string }[]
export function dashboardJson(): Promise<string>
