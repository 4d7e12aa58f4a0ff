export * from './analytics-provider.tsx'
export * from './events.ts'
export * from './params.ts'
export * from './tracker.ts'
