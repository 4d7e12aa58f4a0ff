export * from './toast-provider.tsx'
export * from './toast-store.ts'
export * from './toast-view.tsx'
export * from './toast-viewport.tsx'
