/**
 * The browser's API client, loaded with its first call: every call needs an endpoint definition, and
 * those load lazily with their zod schemas (decision 007), so the client's code travels with them in
 * the schemas chunk instead of the app shell (scripts/build/schema-groups.mjs). Behaviour is the client's own:
 * every answer is still validated against its endpoint's schema.
 */
import type { ApiClient, ApiClientOptions } from '#shared/api/client.ts'
import { ChunkLoadError } from '#shared/api/chunk-load-error.ts'

type ClientModule = Pick<typeof import('#shared/api/client.ts'), 'createApiClient'>

/** An `ApiClient` whose implementation is imported on the first call; a failed import is tried again by the next call. */
export function lazyApiClient(
  options: ApiClientOptions,
  load: () => Promise<ClientModule> = () => import('#shared/api/client.ts'),
): ApiClient {
  let client: Promise<ApiClient> | undefined
  const ready = () => {
    client ??= load().then(
      (module) => module.createApiClient(options),
      (cause: unknown) => {
        client = undefined
        // A chunk that cannot be fetched is a network failure of the call, as the client would report it.
        throw new ChunkLoadError('network', `api client: ${String(cause)}`, cause)
      },
    )
    return client
  }
  return {
    product: options.product,
    call: async (def, callOptions) => (await ready()).call(def, callOptions),
  }
}
