export * from './error-views.tsx'
