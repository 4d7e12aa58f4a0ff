import type { AnyEndpoint } from '../api/endpoint.ts'
import * as auth from './auth.ts'
import * as cart from './cart.ts'
import * as catalog from './catalog.ts'
import * as checkout from './checkout.ts'
import * as content from './content.ts'
import * as favorites from './favorites.ts'
import * as goods from './goods.ts'
import * as mainPage from './main-page.ts'
import * as orders from './orders.ts'
import * as paymentMethods from './payment-methods.ts'
import * as polls from './polls.ts'
import * as profile from './profile.ts'
import * as promotions from './promotions.ts'
import * as reviews from './reviews.ts'
import * as search from './search.ts'
import * as stores from './stores.ts'

/** Every gateway endpoint, for catalogue-wide code: the proxy's auth decision, the mock gateway, schema tests. */
export const ENDPOINTS: readonly AnyEndpoint[] = Object.freeze(
  [
    auth,
    profile,
    content,
    mainPage,
    catalog,
    goods,
    promotions,
    search,
    stores,
    favorites,
    reviews,
    polls,
    cart,
    checkout,
    orders,
    paymentMethods,
  ].flatMap((area) => Object.values(area) as AnyEndpoint[]),
)
