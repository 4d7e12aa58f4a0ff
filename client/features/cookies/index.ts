export * from './cookie-banner.tsx'
