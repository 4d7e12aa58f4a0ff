/** Which cart lines an order takes and which it leaves behind. */
import type { CartLine } from '#shared/models/cart.ts'

/**
 * Splits cart lines into those an order takes and the sold-out ones (`maxQuantity` 0) it sets aside:
 * the gateway counts set-aside lines in no total and leaves them in the cart (shared/models/cart.ts).
 */
export function splitSetAside(lines: readonly CartLine[]): { ordered: CartLine[]; setAside: CartLine[] } {
  return {
    ordered: lines.filter((line) => line.maxQuantity > 0),
    setAside: lines.filter((line) => line.maxQuantity === 0),
  }
}
