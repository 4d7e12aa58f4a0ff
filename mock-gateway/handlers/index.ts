/** All handlers of one mock gateway, in matching order: faults, control, media, payment form, captcha and fingerprint services, then the catalogue. */
import type { HttpHandler } from 'msw'
import type { MockState } from '../state.ts'
import { adfoxHandlers } from './adfox.ts'
import { authHandlers } from './auth.ts'
import { captchaHandlers } from './captcha.ts'
import { cartHandlers } from './cart.ts'
import { catalogHandlers } from './catalog.ts'
import { checkoutHandlers } from './checkout.ts'
import { contentHandlers } from './content.ts'
import { controlHandlers } from './control.ts'
import { favoritesHandlers } from './favorites.ts'
import { fingerprintHandlers } from './fingerprint.ts'
import { faultHandlers } from './faults.ts'
import { goodsHandlers } from './goods.ts'
import { mainPageHandlers } from './main-page.ts'
import { mediaHandlers } from './media.ts'
import { orderHandlers } from './orders.ts'
import { payformHandlers } from './payform.ts'
import { paymentMethodHandlers } from './payment-methods.ts'
import { pollHandlers } from './polls.ts'
import { profileHandlers } from './profile.ts'
import { promotionHandlers } from './promotions.ts'
import { reviewHandlers } from './reviews.ts'
import { searchHandlers } from './search.ts'
import { storeHandlers } from './stores.ts'
import { tileHandlers } from './tiles.ts'

/**
 * Builds the handlers of a mock gateway state: the fault handler, the control handlers (asked only for
 * control paths, see http/control-path.ts) and the endpoints (their own list, for routing).
 */
export function createHandlers(state: MockState): {
  faults: HttpHandler[]
  control: HttpHandler[]
  endpoints: HttpHandler[]
} {
  return { faults: faultHandlers(state), control: controlHandlers(state), endpoints: endpointHandlers(state) }
}

function endpointHandlers(state: MockState): HttpHandler[] {
  return [
    ...mediaHandlers(state),
    ...tileHandlers(),
    ...adfoxHandlers(),
    ...payformHandlers(state),
    ...captchaHandlers(state),
    ...fingerprintHandlers(state),
    ...authHandlers(state),
    ...profileHandlers(state),
    ...contentHandlers(state),
    ...mainPageHandlers(state),
    ...catalogHandlers(state),
    ...goodsHandlers(state),
    ...promotionHandlers(state),
    ...searchHandlers(state),
    ...storeHandlers(state),
    ...favoritesHandlers(state),
    ...reviewHandlers(state),
    ...pollHandlers(state),
    ...cartHandlers(state),
    ...checkoutHandlers(state),
    ...orderHandlers(state),
    ...paymentMethodHandlers(state),
  ]
}
