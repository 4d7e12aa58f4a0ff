/** The storefront's own origin as a browser reaches it (PUBLIC_ORIGIN, else HOST/PORT). */
export function storefrontOrigin(env: Record<string, string | undefined>): string
/** The environment `npm start` gives the mock gateway and the storefront. */
export function startEnv(userEnv: Record<string, string | undefined>): Record<string, string | undefined>
