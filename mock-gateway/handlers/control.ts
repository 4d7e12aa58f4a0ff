/**
 * `/__mock/*`: switches for tests and demos (faults, scenarios, session revocation, the clock, stock and
 * store pickup). The standalone server answers them to loopback clients only.
 */
import { http, HttpResponse, type HttpHandler } from 'msw'
import { z } from 'zod'
import { revokeRefreshTokens } from '../auth/tokens.ts'
import { FaultSchema, SCENARIOS } from '../faults.ts'
import { notFound, validationError } from '../http/gateway-error.ts'
import { goodsBody } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** Reads and checks a JSON body with a zod schema; a Response on failure. */
async function readBody<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T> | Response> {
  let raw: unknown
  try {
    const text = await request.text()
    raw = text ? JSON.parse(text) : {}
  } catch {
    return validationError({ body: 'Тело запроса должно быть JSON' })
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success)
    return validationError(
      Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message])),
    )
  return parsed.data
}

/** Handlers of `/__mock/*`. */
export function controlHandlers(state: MockState): HttpHandler[] {
  return [
    http.get('*/__mock/health', () => HttpResponse.json({ ok: true, product: state.config.product })),
    http.get('*/__mock/faults', () => HttpResponse.json({ faults: state.faults.list() })),
    http.post('*/__mock/faults', async ({ request }) => {
      const body = await readBody(request, z.union([FaultSchema, z.array(FaultSchema)]))
      if (body instanceof Response) return body
      for (const fault of Array.isArray(body) ? body : [body]) state.faults.add(fault)
      return HttpResponse.json({ faults: state.faults.list() }, { status: 201 })
    }),
    http.delete('*/__mock/faults', () => {
      state.faults.clear()
      return HttpResponse.json({ faults: [] })
    }),
    http.post('*/__mock/scenarios/:name', ({ params }) => {
      const faults = SCENARIOS[String(params.name) as keyof typeof SCENARIOS]
      if (!faults) return notFound(`Нет сценария ${String(params.name)}; есть: ${Object.keys(SCENARIOS).join(', ')}`)
      for (const fault of faults) state.faults.add({ ...fault })
      return HttpResponse.json({ faults: state.faults.list() }, { status: 201 })
    }),
    http.post('*/__mock/sessions/revoke', async ({ request }) => {
      const body = await readBody(request, z.object({ userId: z.string().min(1).optional() }))
      if (body instanceof Response) return body
      return HttpResponse.json({ revoked: revokeRefreshTokens(state, body.userId) })
    }),
    http.post('*/__mock/clock', async ({ request }) => {
      const body = await readBody(
        request,
        z.object({
          advanceMs: z
            .number()
            .int()
            .min(0)
            .max(365 * 86_400_000),
        }),
      )
      if (body instanceof Response) return body
      state.clock.advance(body.advanceMs)
      return HttpResponse.json({ now: new Date(state.clock.now()).toISOString() })
    }),
    http.post('*/__mock/goods/stock', async ({ request }) => {
      const body = await readBody(
        request,
        z.object({ goodsId: z.number().int().positive(), stock: z.number().int().min(0) }),
      )
      if (body instanceof Response) return body
      const updated = await state.db.goods.update((q) => q.where({ id: body.goodsId }), {
        data(draft) {
          draft.stock = body.stock
          draft.inStock = body.stock > 0
        },
      })
      return updated ? HttpResponse.json(goodsBody(updated)) : notFound('Товар не найден')
    }),
    http.post('*/__mock/delivery-slots/full', async ({ request }) => {
      const body = await readBody(request, z.object({ slotId: z.string().min(1) }))
      if (body instanceof Response) return body
      state.fullSlots.add(body.slotId)
      return HttpResponse.json({ full: [...state.fullSlots] })
    }),
    http.post('*/__mock/stores/pickup', async ({ request }) => {
      const body = await readBody(request, z.object({ code: z.string().min(1), isPickupAvailable: z.boolean() }))
      if (body instanceof Response) return body
      const updated = await state.db.stores.update((q) => q.where({ code: body.code }), {
        data(draft) {
          draft.isPickupAvailable = body.isPickupAvailable
        },
      })
      return updated ? HttpResponse.json(updated) : notFound('Магазин не найден')
    }),
  ]
}
