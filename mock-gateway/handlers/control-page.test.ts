import { beforeEach, describe, expect, it } from 'vitest'
import { createMockGateway, type MockGateway } from '../gateway.ts'
import { call, TEST_ORIGIN } from '../testing.ts'

let gateway: MockGateway
beforeEach(async () => {
  gateway = await createMockGateway({ config: { now: Date.parse('2026-03-02T09:00:00Z') } })
})

/** Submits a page form as a browser would, answering the status and the outcome it redirects to. */
async function submit(action: string, fields: Record<string, string> | FormData, origin = TEST_ORIGIN) {
  const response = await gateway.handle(
    new Request(`${TEST_ORIGIN}/__mock/ui/${action}`, {
      method: 'POST',
      headers: {
        ...(fields instanceof FormData ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        origin,
        host: new URL(TEST_ORIGIN).host,
      },
      body: fields instanceof FormData ? fields : new URLSearchParams(fields),
      redirect: 'manual',
    }),
  )
  const location = response.headers.get('location') ?? ''
  const query = new URL(location || '/', TEST_ORIGIN).searchParams
  return { status: response.status, location, ok: query.get('ok') === '1', message: query.get('message') ?? '' }
}

const page = async (query = '') => {
  const answer = await call(gateway, 'GET', `/__mock/${query}`)
  return { ...answer, html: String(answer.body) }
}

describe('the control page', () => {
  it('shows the shoppers, faults, clock, orders, stock forms and the last requests, without scripts', async () => {
    await call(gateway, 'GET', '/webgate/v2/goods/10001')
    const { status, html, headers } = await page()
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(html).toMatch(/^<!doctype html>\n<html lang="ru">/)
    expect(html).not.toContain('<script')
    for (const text of [
      '<h1>Мок шлюза: управление</h1>',
      '<th scope="row">79000000001</th>',
      'неполный (нет имени)',
      'visa •• 4242',
      'o-5 создан',
      'o-4 AU-100004 — готов к выдаче, хранится до 04.03.2026, 15:00:00',
      'Сбоев нет.',
      '<option>goodsDown</option>',
      'name="minutes"',
      'name="orderId"',
      'name="goodsId"',
      'name="isPickupAvailable"',
      'name="slotId"',
      'Отозвать токены обновления',
      '<code>/webgate/v2/goods/10001</code>',
    ])
      expect(html).toContain(text)
    // Every input and select has a label.
    const ids = [...html.matchAll(/<(?:input|select) id="([^"]+)"/g)].map((match) => match[1])
    expect(ids.length).toBeGreaterThan(8)
    for (const id of ids) expect(html).toContain(`<label for="${id}">`)
  })

  it('runs each form as its control call and reports the outcome', async () => {
    expect(await submit('faults', { path: '/webgate/v2/goods/*', status: '503', delayMs: '', mode: '' })).toMatchObject(
      {
        status: 303,
        ok: true,
        message: 'Сбой для /webgate/v2/goods/* включён.',
      },
    )
    expect(gateway.state.faults.list()).toEqual([{ id: 'fault-1', path: '/webgate/v2/goods/*', status: 503 }])
    expect((await page('?ok=1&message=done')).html).toContain('<p class="ok">done</p>')
    expect((await page()).html).toContain('<code>/webgate/v2/goods/*</code>')

    expect((await submit('scenarios', { name: 'slowWeb' })).ok).toBe(true)
    expect(gateway.state.faults.list()).toHaveLength(2)
    expect((await submit('faults/clear', {})).ok).toBe(true)
    expect(gateway.state.faults.list()).toEqual([])

    expect((await submit('orders/advance', { orderId: 'o-5' })).ok).toBe(true)
    expect(gateway.state.db.orders.findFirst((q) => q.where({ id: 'o-5' }))?.status).toBe('paid')

    expect((await submit('clock', { minutes: '30' })).ok).toBe(true)
    expect(new Date(gateway.state.clock.now()).toISOString()).toBe('2026-03-02T09:30:00.000Z')

    expect((await submit('goods/stock', { goodsId: '10008', stock: '0' })).ok).toBe(true)
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10008')).body.inStock).toBe(false)

    expect((await submit('stores/pickup', { code: 'AU-SPB-001', isPickupAvailable: 'false' })).ok).toBe(true)
    expect(gateway.state.db.stores.findFirst((q) => q.where({ code: 'AU-SPB-001' }))?.isPickupAvailable).toBe(false)

    expect((await submit('delivery-slots/full', { slotId: '2026-03-03T14:00' })).ok).toBe(true)
    expect(gateway.state.fullSlots.has('2026-03-03T14:00')).toBe(true)

    expect((await submit('sessions/revoke', { userId: '' })).message).toBe('Токены обновления отозваны.')
    expect((await submit('requests/clear', {})).ok).toBe(true)
  })

  it('reports a refused form with the reason, and refuses another origin', async () => {
    const bad = await submit('goods/stock', { goodsId: '999999', stock: '1' })
    expect(bad).toMatchObject({ status: 303, ok: false })
    expect(bad.message).toMatch(/^Не выполнено \(404\)/)
    expect((await submit('faults', { path: 'no-slash' })).ok).toBe(false)
    expect((await submit('no-such-action', {})).status).toBe(404)
    expect((await submit('faults', { path: '/webgate/*', status: '503' }, 'http://evil.example')).status).toBe(403)
    expect(gateway.state.faults.list()).toEqual([])
  })

  it('switches one fault off by its id, leaving the others', async () => {
    await submit('faults', { path: '/webgate/a', status: '503' })
    await submit('faults', { path: '/webgate/b', status: '500' })
    const html = (await page()).html
    expect(html).toContain('aria-label="Выключить сбой fault-1"')
    expect(await submit('faults/delete', { id: 'fault-1' })).toMatchObject({
      ok: true,
      message: 'Сбой fault-1 выключен.',
    })
    expect(gateway.state.faults.list().map(({ id }) => id)).toEqual(['fault-2'])
    expect((await submit('faults/delete', { id: 'fault-1' })).message).toMatch(/^Не выполнено \(404\)/)
  })

  it('adds stubs from fields and from JSON, and says why a bad one is refused', async () => {
    const added = await submit('stubs', {
      method: 'POST',
      path: '/aurora-id/v1/auth/otp',
      status: '422',
      body: '{"code":"unprocessableEntity","message":"Слишком много запросов"}',
      times: '1',
    })
    expect(added).toMatchObject({ ok: true, message: 'Заглушка stub-1 добавлена.' })
    const otp = await call(gateway, 'POST', '/aurora-id/v1/auth/otp', {
      body: { aud: 'loyalty-web', phone: '79000000001' },
    })
    expect(otp.status).toBe(422)

    const json = JSON.stringify({
      match: { method: 'GET', path: '/webgate/x', headers: { 'x-a': 'b' } },
      respond: { status: 204 },
    })
    expect((await submit('stubs/json', { stub: json })).ok).toBe(true)
    const refused = await submit('stubs/json', {
      stub: JSON.stringify({ match: { path: '/webgate/x', header: { 'x-a': 'b' } }, respond: { status: 204 } }),
    })
    expect(refused.ok).toBe(false)
    expect(refused.message).toContain('match.header: unknown key header')
  })

  it('imports a state file uploaded with the form', async () => {
    await call(gateway, 'POST', '/__mock/goods/stock', { body: { goodsId: 10008, stock: 0 } })
    const saved = (await call(gateway, 'GET', '/__mock/state')).body
    const fresh = await createMockGateway({ config: { now: Date.parse('2026-03-02T09:00:00Z') } })
    gateway = fresh
    const form = new FormData()
    form.set('file', new Blob([JSON.stringify(saved)], { type: 'application/json' }), 'bug.json')
    form.set('state', '')
    expect(await submit('state', form)).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Состояние загружено/),
    })
    expect((await call(gateway, 'GET', '/webgate/v2/goods/10008')).body.inStock).toBe(false)
    expect((await submit('state', { state: '{"version":1}' })).message).toMatch(/^Не выполнено \(422\)/)
  })

  it('counts the calls the store made (verify)', async () => {
    await call(gateway, 'POST', '/aurora-id/v1/auth/otp', { body: { aud: 'loyalty-web', phone: '79000000001' } })
    await call(gateway, 'POST', '/aurora-id/v1/auth/otp', { body: { aud: 'loyalty-web', phone: '79000000003' } })
    const counted = await submit('requests/count', {
      method: 'POST',
      path: '/aurora-id/v1/auth/otp',
      bodyIncludes: '79000000003',
    })
    expect(counted.message).toBe('Подходящих вызовов POST /aurora-id/v1/auth/otp в журнале: 1.')
    expect((await page()).html).toContain('Проверить вызовы')
  })

  it('advances an order through the JSON call too, and not past a final status', async () => {
    const paid = await call(gateway, 'POST', '/__mock/orders/advance', { body: { orderId: 'o-5' } })
    expect(paid.body.status).toBe('paid')
    expect(paid.body.statusHistory.at(-1)).toEqual({ status: 'paid', at: '2026-03-02T09:00:00.000Z' })
    const final = await call(gateway, 'POST', '/__mock/orders/advance', { body: { orderId: 'o-1' } })
    expect(final.status).toBe(409)
    expect((await call(gateway, 'POST', '/__mock/orders/advance', { body: { orderId: 'o-99' } })).status).toBe(404)
  })
})
