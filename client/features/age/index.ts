export * from './age-gate.tsx'
