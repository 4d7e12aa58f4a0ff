/** Seeds cities (with FIAS ids) and 37 stores and pickup points in six of them. */
import type { Random } from '../random.ts'
import type { MockDb } from '../db/index.ts'
import type { City, OpeningHours, Store } from '#shared/models/stores.ts'

/** Cities of the seed; Moscow is the default city of `/geo`. */
export const CITIES: (City & { prefix: string; streets: string[]; stores: number })[] = [
  {
    fiasId: '0c5b2444-70a0-4932-980c-b4dc0d3f02b5',
    name: 'Москва',
    region: 'Москва',
    lat: 55.7558,
    lon: 37.6173,
    prefix: 'MSK',
    stores: 8,
    streets: [
      'ул. Тверская',
      'Ленинский пр-т',
      'ул. Арбат',
      'Профсоюзная ул.',
      'ул. Покровка',
      'Кутузовский пр-т',
      'ул. Большая Якиманка',
      'Мичуринский пр-т',
    ],
  },
  {
    fiasId: 'c2deb16a-0330-4f05-821f-1d09c93331e6',
    name: 'Санкт-Петербург',
    region: 'Санкт-Петербург',
    lat: 59.9343,
    lon: 30.3351,
    prefix: 'SPB',
    stores: 7,
    streets: [
      'Невский пр-т',
      'Московский пр-т',
      'ул. Марата',
      'Большой пр-т П.С.',
      'ул. Савушкина',
      'пр-т Просвещения',
      'Лиговский пр-т',
    ],
  },
  {
    fiasId: '93b3df57-4c89-44df-ac42-96f05e9cd3b9',
    name: 'Казань',
    region: 'Республика Татарстан',
    lat: 55.7887,
    lon: 49.1221,
    prefix: 'KZN',
    stores: 6,
    streets: ['ул. Баумана', 'пр-т Победы', 'ул. Пушкина', 'ул. Декабристов', 'пр-т Ямашева', 'ул. Чистопольская'],
  },
  {
    fiasId: '2763c110-cb8b-416a-9dac-ad28a55b4402',
    name: 'Екатеринбург',
    region: 'Свердловская область',
    lat: 56.8389,
    lon: 60.6057,
    prefix: 'EKB',
    stores: 6,
    streets: ['ул. Малышева', 'пр-т Ленина', 'ул. Вайнера', 'ул. 8 Марта', 'ул. Белинского', 'ул. Щорса'],
  },
  {
    fiasId: '8dea00e3-9aab-4d8e-887c-ef2aaa546456',
    name: 'Новосибирск',
    region: 'Новосибирская область',
    lat: 55.0084,
    lon: 82.9357,
    prefix: 'NSK',
    stores: 5,
    streets: ['Красный пр-т', 'ул. Ленина', 'ул. Гоголя', 'ул. Блюхера', 'ул. Фрунзе'],
  },
  {
    fiasId: '555e7d61-d9a7-4ba6-9770-6caa8198c483',
    name: 'Нижний Новгород',
    region: 'Нижегородская область',
    lat: 56.2965,
    lon: 43.9361,
    prefix: 'NNV',
    stores: 5,
    streets: ['ул. Большая Покровская', 'пр-т Гагарина', 'ул. Рождественская', 'Московское ш.', 'ул. Родионова'],
  },
]

/** Codes of seeded stores with special roles: a shop without pickup. */
export const NO_PICKUP_STORE = 'AU-MSK-008'

const week = (opens: string, closes: string, sunday: boolean): OpeningHours[] =>
  [1, 2, 3, 4, 5, 6, 7].map((day) =>
    day === 7 && !sunday ? { day, opens: null, closes: null } : { day, opens, closes },
  )

/** Seeds cities and stores. */
export async function seedStores(db: MockDb, random: Random): Promise<void> {
  for (const { prefix: _prefix, streets: _streets, stores: _stores, ...city } of CITIES) await db.cities.create(city)
  for (const { prefix, streets, stores, ...city } of CITIES) {
    for (let n = 1; n <= stores; n++) {
      const code = `AU-${prefix}-${String(n).padStart(3, '0')}`
      const street = streets[(n - 1) % streets.length] as string
      const type = n % 4 === 0 ? 'pickup-point' : 'shop'
      const [opens, closes] =
        type === 'shop'
          ? (random.pick([
              ['09:00', '22:00'],
              ['10:00', '22:00'],
              ['08:00', '23:00'],
            ]) as [string, string])
          : ['10:00', '20:00']
      const sunday = type === 'shop'
      const store: Store = {
        code,
        name: type === 'shop' ? `Аврора, ${street}` : `Пункт выдачи Аврора, ${street}`,
        type,
        address: `г. ${city.name}, ${street}, д. ${random.int(1, 120)}`,
        city,
        lat: Math.round((city.lat + (random.next() - 0.5) * 0.12) * 1e6) / 1e6,
        lon: Math.round((city.lon + (random.next() - 0.5) * 0.2) * 1e6) / 1e6,
        phone: `+7 (800) 555-${String(random.int(10, 99))}-${String(random.int(10, 99))}`,
        schedule: sunday ? `Ежедневно ${opens}–${closes}` : `Пн–Сб ${opens}–${closes}, Вс выходной`,
        openingHours: week(opens, closes, sunday),
        isPickupAvailable: code !== NO_PICKUP_STORE,
      }
      await db.stores.create(store)
    }
  }
}
