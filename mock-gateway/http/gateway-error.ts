/** Error answers in the gateway's shape `{ code, message?, fields? }` (shared/api/gateway-error.ts). */
import { HttpResponse } from 'msw'

/** Builds a gateway error answer; `extra` adds fields such as `attemptsLeft` or `goodsIds`. */
export function gatewayError(
  status: number,
  code: string,
  message?: string,
  extra: Record<string, unknown> = {},
): Response {
  return HttpResponse.json({ code, ...(message ? { message } : {}), ...extra }, { status })
}

/** 404 `notFound`. */
export const notFound = (what = 'Не найдено'): Response => gatewayError(404, 'notFound', what)

/** 400 `validationError` with field messages. */
export const validationError = (fields: Record<string, string>): Response =>
  gatewayError(400, 'validationError', 'Проверьте введённые данные', { fields })
