/** The view the server decided for a page, carried in the boot data and rebuilt by client navigation. */
import type { RouteName } from './routes.ts'
import type { SearchParams } from './types.ts'

/** What the page shows: a route, or an error view with its status. */
export type View =
  | {
      kind: 'page'
      route: RouteName
      params: Record<string, unknown>
      search: SearchParams
      blocked?: 'login' | 'store' | undefined
      /** The SWR key (serialized) of each of the route's loaders, by name: the view reads its data through them. */
      keys: Readonly<Record<string, string>>
    }
  | {
      kind: 'error'
      status: number
      code?: string | undefined
      requestId?: string | undefined
      message?: string | undefined
    }
