import { describe, expect, it } from 'vitest'
import { splitVolume } from './line-volume.ts'

describe('splitVolume', () => {
  it.each([
    [
      'Крем-гель для лица «Мягкость» Облепиховый край, 30 мл',
      'Крем-гель для лица «Мягкость» Облепиховый край',
      '30 мл',
    ],
    ['Шампунь «Алоэ» Бархат, 250 мл', 'Шампунь «Алоэ» Бархат', '250 мл'],
    ['Стиральный порошок, 2,5 кг', 'Стиральный порошок', '2,5 кг'],
    ['Пакеты для мусора, 30 шт.', 'Пакеты для мусора', '30 шт.'],
    ['Энергетический напиток, 0.45 л', 'Энергетический напиток', '0.45 л'],
  ])('splits %s', (full, name, volume) => {
    expect(splitVolume(full)).toEqual({ name, volume })
  })

  it.each(['Набор «Уход», 3 предмета', 'Крем для рук', '</script><script>alert(1)</script>'])(
    'leaves %s whole',
    (full) => {
      expect(splitVolume(full)).toEqual({ name: full, volume: undefined })
    },
  )
})
