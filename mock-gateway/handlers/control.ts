/**
 * `/__mock/*`: switches for tests and demos (faults, scenarios, session revocation, the clock, stock and
 * store pickup), stubs and the request journal. They answer control paths only (`/__mock` at the
 * root, http/control-path.ts); the standalone server answers those to loopback clients only.
 */
import { getResponse, http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw'
import { z } from 'zod'
import { revokeRefreshTokens } from '../auth/tokens.ts'
import { FaultSchema, SCENARIOS, faultMatcher } from '../faults.ts'
import { buildOpenApi } from '../contract/openapi.ts'
import { advanceOrder } from '../domain/orders.ts'
import { orderView } from '../http/views.ts'
import { failureText, PAGE_ACTIONS, pageResponse } from './control-page.ts'
import { isControlPath } from '../http/control-path.ts'
import { recordFacts } from '../journal.ts'
import { admitStub, stubsFolder } from '../stub-intake.ts'
import { issueFields, MatchSchema, matchMisses, pathMatcher, stubKeysText } from '../stubs.ts'
import { exportState, importState, parseStateFile, StateImportError } from '../snapshot.ts'
import { gatewayError } from '../http/gateway-error.ts'
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
  if (!parsed.success) return validationError(issueFields(parsed.error))
  return parsed.data
}

/** Query parameters of `GET /__mock/requests/count` that are not a match criterion. */
const COUNT_PREFIXES = { 'query.': 'query', 'header.': 'headers', 'cookie.': 'cookies' } as const

/**
 * The match of `GET /__mock/requests/count?…`: `method`, `path`, `pathRegex`, `bodyIncludes`,
 * `query.<name>`, `header.<name>`, `cookie.<name>` (values to equal) and `body.<field>` (a JSON body
 * field, `body.address.city`); `since` is kept apart. Anything else is refused by name.
 */
function countMatch(params: URLSearchParams): { match: Record<string, unknown>; since?: string } | Response {
  const match: Record<string, unknown> = {}
  const unknown: Record<string, string> = {}
  let since: string | undefined
  for (const [key, value] of params) {
    if (key === 'since') since = value
    else if (['method', 'path', 'pathRegex', 'bodyIncludes'].includes(key)) match[key] = value
    else if (key.startsWith('body.')) {
      const body = (match.body ??= { jsonPath: {} }) as { jsonPath: Record<string, string> }
      body.jsonPath[`$.${key.slice('body.'.length)}`] = value
    } else {
      const prefix = Object.keys(COUNT_PREFIXES).find((start) => key.startsWith(start)) as
        keyof typeof COUNT_PREFIXES | undefined
      if (prefix) ((match[COUNT_PREFIXES[prefix]] ??= {}) as Record<string, string>)[key.slice(prefix.length)] = value
      else
        unknown[key] =
          'unknown parameter: use method, path, pathRegex, bodyIncludes, query.<name>, header.<name>, cookie.<name>, body.<field>, since'
    }
  }
  if (Object.keys(unknown).length) return validationError(unknown)
  match.path ??= match.pathRegex === undefined ? '/*' : undefined
  if (match.path === undefined) delete match.path
  return { match, ...(since === undefined ? {} : { since }) }
}

/** How many kept calls match (and their `seq`), for tests to assert what the store sent. */
async function countCalls(state: MockState, rawMatch: unknown, since: string | undefined): Promise<Response> {
  const parsed = MatchSchema.safeParse(rawMatch)
  if (!parsed.success)
    return validationError(issueFields(parsed.error, 'match', (path) => stubKeysText(['match', ...path])))
  if (since !== undefined && !/^\d+$/.test(since) && Number.isNaN(Date.parse(since)))
    return validationError({ since: 'a call number (seq) or an ISO 8601 instant' })
  const after =
    since === undefined ? undefined : /^\d+$/.test(since) ? { seq: Number(since) } : { at: Date.parse(since) }
  const match = parsed.data
  const path = pathMatcher(match)
  const seqs: number[] = []
  for (const { seq, record } of state.journal.numbered()) {
    if (after?.seq !== undefined && seq <= after.seq) continue
    if (after?.at !== undefined && record.at <= after.at) continue
    if (!(await matchMisses(match, path, recordFacts(record), false)).length) seqs.push(seq)
  }
  return HttpResponse.json({ count: seqs.length, seqs, kept: state.journal.size })
}

type Method = 'get' | 'post' | 'put' | 'delete'

/**
 * A control handler: `*\/__mock{path}` in msw's terms (any origin), answering only when the request's
 * path is a control path, so `/webgate/__mock/…` never reaches it (also under `setupServer`).
 */
function control(method: Method, path: string, resolver: HttpResponseResolver): HttpHandler {
  return http[method](`*/__mock${path}`, (info) =>
    isControlPath(new URL(info.request.url).pathname) ? resolver(info) : undefined,
  )
}

const JournalQuerySchema = z.strictObject({
  path: z.string().startsWith('/').optional(),
  method: z
    .string()
    .regex(/^[A-Za-z]+$/)
    .optional(),
  since: z
    .string()
    .refine((value) => /^\d+$/.test(value) || !Number.isNaN(Date.parse(value)), {
      message: 'since: a call number (seq) or an ISO 8601 instant',
    })
    .optional(),
})

/** Handlers of `/__mock/*`. */
export function controlHandlers(state: MockState): HttpHandler[] {
  let openApi: ReturnType<typeof buildOpenApi> | undefined
  /** Runs one of these handlers with a JSON body (the control page's forms). */
  const run = async (method: string, path: string, body?: unknown) => {
    const response = await getResponse(
      handlers,
      new Request(`http://mock${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      }),
    )
    if (!response) return { status: 404, body: { message: `нет вызова ${method} ${path}` } }
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined }
  }
  const handlers: HttpHandler[] = [
    control('get', '', ({ request }) => {
      const query = new URL(request.url).searchParams
      const message = query.get('message')
      return pageResponse(state, message ? { ok: query.get('ok') === '1', text: message } : undefined)
    }),
    control('post', '/ui/*', async ({ request }) => {
      const action = PAGE_ACTIONS[new URL(request.url).pathname.slice('/__mock/ui/'.length)]
      if (!action) return notFound('Нет такого действия')
      let form: FormData
      try {
        form = await request.formData()
      } catch {
        return validationError({ body: 'Ожидается форма (application/x-www-form-urlencoded)' })
      }
      const [method, path, body] = await action.call(form)
      const result = await run(method, path, body)
      const ok = result.status < 400
      const target = new URLSearchParams({
        ok: ok ? '1' : '0',
        message: ok ? action.done(form, result.body) : failureText(result.status, result.body),
      })
      return new HttpResponse(null, { status: 303, headers: { location: `/__mock/?${target}` } })
    }),
    control('post', '/orders/advance', async ({ request }) => {
      const body = await readBody(request, z.strictObject({ orderId: z.string().min(1) }))
      if (body instanceof Response) return body
      const result = await advanceOrder(state, body.orderId)
      if (!result) return notFound(`Нет заказа ${body.orderId}`)
      if (!result.advanced)
        return gatewayError(409, 'orderFinal', `Заказ ${body.orderId} уже в конечном статусе ${result.order.status}`)
      return HttpResponse.json(orderView(result.order))
    }),
    control('get', '/openapi.json', () => HttpResponse.json((openApi ??= buildOpenApi(state.config.product)))),
    control('get', '/state', async () => HttpResponse.json(await exportState(state))),
    control('put', '/state', async ({ request }) => {
      let raw: unknown
      try {
        raw = JSON.parse(await request.text())
      } catch {
        return validationError({ body: 'Тело запроса должно быть JSON' })
      }
      try {
        await importState(state, parseStateFile(raw))
      } catch (error) {
        if (!(error instanceof StateImportError)) throw error
        return gatewayError(422, 'stateNotImported', error.message)
      }
      return HttpResponse.json({ imported: true, clock: new Date(state.clock.now()).toISOString() })
    }),
    control('get', '/stubs', () =>
      HttpResponse.json({ stubs: state.stubs.list().map(({ baseDir: _, ...stub }) => stub) }),
    ),
    control('post', '/stubs', async ({ request }) => {
      const body = await readBody(request, z.unknown())
      if (body instanceof Response) return body
      const admitted = await admitStub(state, body)
      if (!admitted.stub) return validationError(admitted.fields)
      const { baseDir: _, ...stub } = state.stubs.add(admitted.stub, stubsFolder(state))
      return HttpResponse.json(stub, { status: 201 })
    }),
    control('delete', '/stubs', () => {
      state.stubs.clear()
      return HttpResponse.json({ stubs: [] })
    }),
    control('delete', '/stubs/:id', ({ params }) =>
      state.stubs.remove(String(params.id))
        ? new HttpResponse(null, { status: 204 })
        : notFound(`Нет заглушки ${String(params.id)}`),
    ),
    control('get', '/requests', ({ request }) => {
      const parsed = JournalQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
      if (!parsed.success) return validationError(issueFields(parsed.error, 'query'))
      const { path, method, since } = parsed.data
      const requests = state.journal.list({
        path: path === undefined ? undefined : faultMatcher(path),
        method,
        since: since !== undefined && /^\d+$/.test(since) ? Number(since) : undefined,
        sinceTime: since !== undefined && !/^\d+$/.test(since) ? Date.parse(since) : undefined,
      })
      return HttpResponse.json({ size: state.journal.size, requests })
    }),
    control('get', '/requests/count', ({ request }) => {
      const parsed = countMatch(new URL(request.url).searchParams)
      return parsed instanceof Response ? parsed : countCalls(state, parsed.match, parsed.since)
    }),
    control('post', '/requests/count', async ({ request }) => {
      const body = await readBody(request, z.strictObject({ match: z.unknown(), since: z.string().optional() }))
      return body instanceof Response ? body : countCalls(state, body.match, body.since)
    }),
    control('delete', '/requests', () => {
      state.journal.clear()
      return HttpResponse.json({ requests: [] })
    }),
    control('get', '/fingerprints', () => HttpResponse.json({ received: state.auth.fingerprints.received })),
    control('get', '/health', () => HttpResponse.json({ ok: true, product: state.config.product })),
    control('get', '/faults', () => HttpResponse.json({ faults: state.faults.list() })),
    control('post', '/faults', async ({ request }) => {
      const raw = await readBody(request, z.unknown())
      if (raw instanceof Response) return raw
      // The schema is picked by the body's shape: a union's error says only "Invalid input", naming no field.
      const parsed = Array.isArray(raw) ? z.array(FaultSchema).safeParse(raw) : FaultSchema.safeParse(raw)
      if (!parsed.success) return validationError(issueFields(parsed.error))
      const added = (Array.isArray(parsed.data) ? parsed.data : [parsed.data]).map((fault) => state.faults.add(fault))
      return HttpResponse.json({ faults: state.faults.list(), added: added.map(({ id }) => id) }, { status: 201 })
    }),
    control('delete', '/faults/:id', ({ params }) =>
      state.faults.remove(String(params.id))
        ? new HttpResponse(null, { status: 204 })
        : notFound(`Нет сбоя ${String(params.id)}`),
    ),
    control('delete', '/faults', () => {
      state.faults.clear()
      return HttpResponse.json({ faults: [] })
    }),
    control('post', '/scenarios/:name', ({ params }) => {
      const faults = SCENARIOS[String(params.name) as keyof typeof SCENARIOS]
      if (!faults) return notFound(`Нет сценария ${String(params.name)}; есть: ${Object.keys(SCENARIOS).join(', ')}`)
      for (const fault of faults) state.faults.add({ ...fault })
      return HttpResponse.json({ faults: state.faults.list() }, { status: 201 })
    }),
    control('post', '/sessions/revoke', async ({ request }) => {
      const body = await readBody(request, z.strictObject({ userId: z.string().min(1).optional() }))
      if (body instanceof Response) return body
      return HttpResponse.json({ revoked: revokeRefreshTokens(state, body.userId) })
    }),
    control('post', '/clock', async ({ request }) => {
      const body = await readBody(
        request,
        z.strictObject({
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
    control('post', '/goods/stock', async ({ request }) => {
      const body = await readBody(
        request,
        z.strictObject({ goodsId: z.number().int().positive(), stock: z.number().int().min(0) }),
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
    control('post', '/delivery-slots/full', async ({ request }) => {
      const body = await readBody(request, z.strictObject({ slotId: z.string().min(1) }))
      if (body instanceof Response) return body
      state.fullSlots.add(body.slotId)
      return HttpResponse.json({ full: [...state.fullSlots] })
    }),
    control('post', '/stores/pickup', async ({ request }) => {
      const body = await readBody(request, z.strictObject({ code: z.string().min(1), isPickupAvailable: z.boolean() }))
      if (body instanceof Response) return body
      const updated = await state.db.stores.update((q) => q.where({ code: body.code }), {
        data(draft) {
          draft.isPickupAvailable = body.isPickupAvailable
        },
      })
      return updated ? HttpResponse.json(updated) : notFound('Магазин не найден')
    }),
  ]
  return handlers
}
