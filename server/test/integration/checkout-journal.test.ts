/**
 * What the storefront sends the gateway at checkout, read from the mock gateway's request journal
 * (`GET /__mock/requests`): a courier order carries the address the shopper typed and the window
 * chosen, the payment method chosen before it reaches the gateway, and no token in the clear.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Checkout, DeliverySlots } from '#shared/models/checkout.ts'
import type { Order } from '#shared/models/orders.ts'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { shopperClient } from '#server/test/storefront-client.ts'

const KAZAN = '93b3df57-4c89-44df-ac42-96f05e9cd3b9'

let stack: TestApp
beforeEach(async () => {
  stack = await startTestApp({ env: { ECOM: 'true' } })
})
afterEach(async () => {
  await stack.close()
})

interface JournalEntry {
  method: string
  path: string
  headers: Record<string, string>
  body: unknown
  status: number
}
const journal = async (query: string): Promise<JournalEntry[]> =>
  ((await (await fetch(`${stack.mockUrl}/__mock/requests${query}`)).json()) as { requests: JournalEntry[] }).requests

describe('the checkout, as the gateway received it', () => {
  it('sends the courier address, the window and the payment method', async () => {
    const anna = shopperClient(stack)
    await anna.signIn('79000000001')
    const slots = (await anna.json<DeliverySlots>(`/webgate/v1/checkout/delivery-slots?cityFiasId=${KAZAN}`)).body
    const slot = slots.items.find((item) => item.available)
    expect(slot).toBeDefined()
    expect(
      (await anna.json('/webgate/v1/checkout/delivery', { method: 'PUT', body: { deliveryType: 'courier' } })).status,
    ).toBe(200)
    expect(
      (await anna.json('/webgate/v1/checkout/payment', { method: 'PUT', body: { paymentMethodId: 'pm-2' } })).status,
    ).toBe(200)
    const checkout = (await anna.json<Checkout>('/webgate/v1/checkout')).body

    const address = {
      cityFiasId: KAZAN,
      city: 'Казань',
      street: 'ул. Баумана, д. 7',
      flat: '12',
      entrance: '2',
      floor: '5',
    }
    const placed = await anna.json<Order>('/webgate/v1/checkout/orders', {
      method: 'POST',
      body: {
        cartVersion: checkout.cartVersion,
        idempotencyKey: 'journal-courier-0001',
        courier: { address, slotId: slot?.id },
      },
    })
    expect(placed.status).toBe(200)

    const [sent] = await journal('?method=POST&path=/webgate/v1/checkout/orders')
    expect(sent).toMatchObject({
      status: 200,
      body: { cartVersion: checkout.cartVersion, courier: { address, slotId: slot?.id } },
      headers: { authorization: 'Bearer [Redacted]', 'content-type': 'application/json' },
    })
    const [payment] = await journal('?method=PUT&path=/webgate/v1/checkout/payment')
    expect(payment).toMatchObject({ status: 200, body: { paymentMethodId: 'pm-2' } })
    expect(placed.body.payment?.methodId).toBe('pm-2')
    expect(JSON.stringify(await journal(''))).not.toMatch(/eyJ[\w-]+\.[\w-]+\./)
  })
})
