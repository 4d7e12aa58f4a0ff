/**
 * Russian messages of failed e-commerce calls, apart from the other e-commerce texts (ecom-texts.ts
 * re-exports them): every product card's cart button needs these few, not the order and card words.
 */
import { AppError, userMessage } from '#shared/api/errors.ts'

/** The gateway's own error code of a failed call (`outOfStock`, `storeChanged`, ...), if any. */
export const gatewayCodeOf = (error: unknown): string | undefined =>
  error instanceof AppError ? error.gatewayCode : undefined

/** A clear Russian message for a failed e-commerce call, with the gateway's codes made specific. */
export function ecomErrorMessage(error: unknown): string {
  switch (gatewayCodeOf(error)) {
    case 'outOfStock':
      return 'Товара нет в наличии'
    case 'storeChanged':
      return 'Магазин больше не принимает заказы на самовывоз. Выберите другой магазин'
    case 'cartChanged':
      return 'Корзина изменилась. Проверьте заказ и подтвердите его ещё раз'
    case 'emptyCart':
      return 'Корзина пуста'
    case 'cancelNotAllowed':
      return 'Этот заказ уже нельзя отменить'
    case 'alreadyAccepted':
      return 'Счёт СБП в этом банке уже подключён'
    case 'validationError':
      return 'Проверьте введённые данные'
    default:
      return userMessage(error)
  }
}
