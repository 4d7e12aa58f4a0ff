/** Seeds the known accounts of DESIGN.md (and one without a loyalty card) with their orders, cards, cart and favorites. */
import type { OrderStatus } from '#shared/models/orders.ts'
import type { PaymentMethod } from '#shared/models/payment-cards.ts'
import { createOrder, ORDER_STEP_MS } from '../domain/orders.ts'
import { createUser } from '../domain/users.ts'
import { findGoods, money } from '../http/views.ts'
import type { MockState } from '../state.ts'

/** The seeded accounts: phone, user id and what each has. */
export const SEED_USERS = {
  /** Registered, complete profile, e-commerce enabled, with orders, saved cards, a cart and favorites. */
  complete: { phone: '79000000001', userId: '100001' },
  /** Registered, profile incomplete (no first name): `/v1/keeperid/bunch` answers 422. */
  incomplete: { phone: '79000000002', userId: '100002' },
  /** Registered, complete profile, no loyalty card yet (`loyaltyCardNumber` is ''). */
  noCard: { phone: '79000000003', userId: '100003' },
} as const

const DAY = 86_400_000

/** Seeds the accounts. */
export async function seedUsers(state: MockState): Promise<void> {
  const now = state.clock.now()
  const { complete, incomplete } = SEED_USERS
  await createUser(state, {
    userId: complete.userId,
    phone: complete.phone,
    firstName: 'Анна',
    birthDate: '1990-05-14',
    email: 'anna.smirnova@example.ru',
    permissions: { isEmailPermitted: true, isDigitalReceiptPermitted: true },
    subscription: 'subscribed',
    loyaltyPoints: 1_240,
  })
  await createUser(state, { userId: incomplete.userId, phone: incomplete.phone, firstName: null })
  await createUser(state, {
    userId: SEED_USERS.noCard.userId,
    phone: SEED_USERS.noCard.phone,
    firstName: 'Ольга',
    loyaltyCardNumber: '',
  })

  const cards: [PaymentMethod, number][] = [
    [
      {
        id: 'pm-1',
        type: 'card',
        maskedPan: '•• 4242',
        brand: 'visa',
        expiry: '12/29',
        name: 'Зарплатная',
        isDefault: true,
      },
      30,
    ],
    [
      { id: 'pm-2', type: 'card', maskedPan: '•• 0004', brand: 'mir', expiry: '08/28', name: 'Мир', isDefault: false },
      20,
    ],
    [
      {
        id: 'pm-3',
        type: 'sbp',
        bankId: 'severny',
        bankName: 'Северный банк',
        name: 'СБП — Северный банк',
        isDefault: false,
      },
      10,
    ],
  ]
  for (const [method, daysAgo] of cards) {
    await state.db.paymentMethods.create({
      userId: complete.userId,
      createdAt: new Date(now - daysAgo * DAY).toISOString(),
      method,
    })
  }
  state.seq.paymentMethod = cards.length

  const store = state.db.stores.findFirst((q) => q.where({ code: 'AU-MSK-001' }))
  const storeRef = store ? { code: store.code, name: store.name, address: store.address } : null
  const orders: { goods: [number, number][]; daysAgo: number; statuses: OrderStatus[] }[] = [
    {
      goods: [
        [10001, 1],
        [10045, 2],
      ],
      daysAgo: 60,
      statuses: ['created', 'paid', 'assembling', 'ready', 'completed'],
    },
    { goods: [[10120, 1]], daysAgo: 30, statuses: ['created', 'paid', 'assembling', 'ready', 'completed'] },
    { goods: [[10200, 3]], daysAgo: 12, statuses: ['created', 'paid', 'cancelled'] },
    {
      goods: [
        [10310, 1],
        [10311, 1],
      ],
      daysAgo: 1,
      statuses: ['created', 'paid', 'assembling', 'ready'],
    },
    // In progress: it advances every ORDER_STEP_MS after start, so polling shows changes.
    {
      goods: [
        [10050, 2],
        [10077, 1],
      ],
      daysAgo: 0,
      statuses: ['created'],
    },
  ]
  for (const order of orders) {
    const createdAt = order.daysAgo === 0 ? now : now - order.daysAgo * DAY
    const lines = order.goods.flatMap(([goodsId, quantity]) => {
      const goods = findGoods(state, goodsId)
      return goods
        ? [
            {
              goods,
              line: {
                goodsId,
                name: goods.name,
                image: goods.images[0] ?? null,
                price: goods.price,
                quantity,
                lineTotal: money(goods.price * quantity),
              },
            },
          ]
        : []
    })
    await createOrder(state, {
      userId: complete.userId,
      lines: lines.map((l) => l.line),
      oldPrices: lines.map((l) => l.goods.oldPrice),
      deliveryType: 'pickup',
      store: storeRef,
      payment: { methodId: 'pm-1', title: 'Visa •• 4242' },
      idempotencyKey: null,
      createdAt,
      history: order.statuses.map((status, index) => ({
        status,
        at: createdAt + index * (order.daysAgo === 0 ? ORDER_STEP_MS : 3_600_000),
      })),
    })
  }

  await state.db.carts.create({
    userId: complete.userId,
    lines: [
      { goodsId: 10002, quantity: 1 },
      { goodsId: 10090, quantity: 2 },
    ],
    version: 1,
    deliveryType: 'pickup',
    storeCode: 'AU-MSK-001',
    paymentMethodId: 'pm-1',
  })
  await state.db.favorites.create({ userId: complete.userId, goodsIds: [10003, 10150, 10222] })
}
