/**
 * The environment `npm start` gives its children, derived from the user's: the seeded e-commerce
 * shopper and the storefront origin the mock's hosted payment form returns to.
 */

/**
 * The storefront's own origin as a browser reaches it: `PUBLIC_ORIGIN`, else `HOST`/`PORT`
 * (a wildcard listener is reached over loopback).
 */
export function storefrontOrigin(env) {
  if (env.PUBLIC_ORIGIN) return new URL(env.PUBLIC_ORIGIN).origin
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST
  const bracketed = host.includes(':') ? `[${host}]` : host
  return `http://${bracketed}:${env.PORT || 3000}`
}

/** The children's environment: what the user set wins, the rest is derived. */
export function startEnv(userEnv) {
  const env = { ...userEnv }
  // The seeded shopper 79000000001 (user id 100001) has e-commerce with the default `npm start`.
  env.ECOM_USER_IDS ??= '100001'
  // The hosted payment form sends the browser back only to this origin; it follows PORT and HOST.
  env.MOCK_STOREFRONT_ORIGIN ??= storefrontOrigin(env)
  return env
}
