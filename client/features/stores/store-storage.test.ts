import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE } from '#shared/cookies.ts'
import { STORE_CHANGE_EVENT, cityNameOf } from './stored-city.ts'
import {
  chooseStore,
  markPrompted,
  parseStoredCity,
  readChoice,
  saveCity,
  saveStore,
  streetAddress,
} from './store-storage.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  }
}

const MOSCOW = { fiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5', name: 'Москва' }
const KAZAN = { fiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9', name: 'Казань' }

describe('store storage', () => {
  it('reads an empty device as nothing chosen and not prompted', () => {
    expect(readChoice(memoryStorage())).toEqual({
      city: undefined,
      storeCode: undefined,
      storeType: undefined,
      deliveryType: undefined,
      prompted: false,
    })
  })

  it('saves shop city, code, type, pickup delivery and the prompted flag for a chosen store', () => {
    const storage = memoryStorage()
    saveStore(storage, {
      code: 'AU-MSK-001',
      name: 'Аврора, ул. Тверская',
      type: 'shop',
      city: MOSCOW,
      address: 'г. Москва, ул. Тверская, д. 12',
    })
    expect(Object.fromEntries(storage.data)).toEqual({
      [STORAGE.shopCity]: JSON.stringify(MOSCOW),
      [STORAGE.shopCode]: 'AU-MSK-001',
      [STORAGE.shopType]: 'shop',
      [STORAGE.shopAddress]: 'ул. Тверская, д. 12',
      [STORAGE.shopName]: 'Аврора, ул. Тверская',
      [STORAGE.deliveryType]: 'pickup',
      [STORAGE.storePrompted]: '1',
    })
    expect(readChoice(storage)).toEqual({
      city: MOSCOW,
      storeCode: 'AU-MSK-001',
      storeType: 'shop',
      deliveryType: 'pickup',
      prompted: true,
    })
  })

  it('stores the city in the form the toolbar reads', () => {
    const storage = memoryStorage()
    saveStore(storage, {
      code: 'AU-KZN-002',
      name: 'Аврора, пр-т Победы',
      type: 'shop',
      city: KAZAN,
      address: 'г. Казань, ул. Баумана, д. 12',
    })
    expect(cityNameOf(storage.getItem(STORAGE.shopCity))).toBe('Казань')
  })

  it('forgets the store when another city is chosen, keeps it for the same city', () => {
    const storage = memoryStorage()
    saveStore(storage, {
      code: 'AU-MSK-001',
      name: 'Аврора, ул. Тверская',
      type: 'shop',
      city: MOSCOW,
      address: 'г. Москва, ул. Тверская, д. 12',
    })
    saveCity(storage, MOSCOW)
    expect(readChoice(storage).storeCode).toBe('AU-MSK-001')
    saveCity(storage, KAZAN)
    expect(readChoice(storage)).toMatchObject({
      city: KAZAN,
      storeCode: undefined,
      storeType: undefined,
      prompted: true,
    })
  })

  it('keeps the street of the address for the toolbar, without the city', () => {
    expect(streetAddress('г. Казань, ул. Баумана, д. 12', 'Казань')).toBe('ул. Баумана, д. 12')
    expect(streetAddress('Москва, Кутузовский пр-т, д. 91', 'Москва')).toBe('Кутузовский пр-т, д. 91')
    expect(streetAddress('ТЦ «Мега», Химки', 'Москва')).toBe('ТЦ «Мега», Химки')
    expect(streetAddress('г. Москва, ул. Тверская, д. 12', '')).toBe('г. Москва, ул. Тверская, д. 12')
  })

  it('forgets the street and the name of the old store with the store', () => {
    const storage = memoryStorage()
    saveStore(storage, {
      code: 'AU-MSK-001',
      name: 'Аврора, ул. Тверская',
      type: 'shop',
      city: MOSCOW,
      address: 'г. Москва, ул. Тверская, д. 12',
    })
    saveCity(storage, KAZAN)
    expect(storage.getItem(STORAGE.shopAddress)).toBeNull()
    expect(storage.getItem(STORAGE.shopName)).toBeNull()
  })

  it('sets only the prompted flag when the prompt is dismissed', () => {
    const storage = memoryStorage()
    markPrompted(storage)
    expect(readChoice(storage)).toMatchObject({ prompted: true, storeCode: undefined, city: undefined })
  })

  it.each([
    [null, undefined],
    ['', undefined],
    ['Москва', { fiasId: '', name: 'Москва' }],
    ['"Казань"', { fiasId: '', name: 'Казань' }],
    [JSON.stringify(MOSCOW), MOSCOW],
    ['{"name":""}', undefined],
    ['{}', undefined],
  ])('parses the stored city %j', (value, expected) => {
    expect(parseStoredCity(value)).toEqual(expected)
  })

  it('ignores unknown type and delivery values', () => {
    const storage = memoryStorage({ [STORAGE.shopType]: 'castle', [STORAGE.deliveryType]: 'drone' })
    expect(readChoice(storage)).toMatchObject({ storeType: undefined, deliveryType: undefined })
  })

  it('never throws when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
      removeItem: () => {
        throw new Error('blocked')
      },
    }
    expect(() =>
      saveStore(blocked, { code: 'X', name: 'X', type: 'shop', city: MOSCOW, address: 'г. Москва' }),
    ).not.toThrow()
    expect(readChoice(blocked).prompted).toBe(false)
    expect(readChoice(undefined).prompted).toBe(false)
  })
})

describe('chooseStore', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('saves a gateway store on the device and tells the toolbar', () => {
    const storage = memoryStorage()
    const events: string[] = []
    vi.stubGlobal('window', { localStorage: storage, dispatchEvent: (event: Event) => events.push(event.type) })
    chooseStore({
      code: 'AU-KZN-002',
      name: 'Аврора, ул. Баумана',
      type: 'shop',
      city: KAZAN,
      address: 'г. Казань, ул. Баумана, д. 12',
    })
    expect(readChoice(storage)).toMatchObject({
      city: KAZAN,
      storeCode: 'AU-KZN-002',
      deliveryType: 'pickup',
      prompted: true,
    })
    expect(storage.data.get(STORAGE.shopAddress)).toBe('ул. Баумана, д. 12')
    expect(events).toEqual([STORE_CHANGE_EVENT])
  })
})
