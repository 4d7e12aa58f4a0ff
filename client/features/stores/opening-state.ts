/**
 * A store's state now, from its week of opening hours: «Открыто до 22:00», «Закрыто · откроется завтра
 * в 10:00». The hours are the store's wall clock, so «now» is read on the store's clock: the store data
 * names no time zone, its region does (Russia keeps one offset all year since 2014).
 */
import type { OpeningHours } from '#shared/models/stores.ts'

/** Regions off Moscow time and their UTC offsets; every other region keeps Moscow's +3. */
const REGION_OFFSETS: readonly (readonly [RegExp, number])[] = [
  [/Калининград/i, 2],
  [/Самар|Удмурт|Астрахан|Саратов|Ульянов/i, 4],
  [/Башк|Челябин|Курган|Оренбург|Перм|Свердлов|Тюмен|Ханты|Югра|Ямал/i, 5],
  [/Омск/i, 6],
  [/Алта|Кемеров|Кузбасс|Краснояр|Новосибир|Томск|Тыва|Тува|Хакас/i, 7],
  [/Бурят|Иркутск/i, 8],
  [/Сахалин|Магадан/i, 11],
  [/Забайкал|Амур|Саха|Якут/i, 9],
  [/Примор|Хабаров|Еврейск/i, 10],
  [/Камчат|Чукот/i, 12],
]
const MOSCOW_OFFSET = 3

/** The UTC offset in hours of a store's region (Moscow's when the region is not known to differ). */
export function regionUtcOffset(region: string): number {
  return REGION_OFFSETS.find(([pattern]) => pattern.test(region))?.[1] ?? MOSCOW_OFFSET
}

const DAY_MINUTES = 24 * 60
/** «в понедельник», … by ISO day (1 = Monday). */
const ON_DAY = ['', 'в понедельник', 'во вторник', 'в среду', 'в четверг', 'в пятницу', 'в субботу', 'в воскресенье']

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
const timeOf = (minutes: number): string => {
  const wrapped = minutes % DAY_MINUTES
  return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`
}

/** One day's open span in minutes from that day's midnight (`closes` past 24:00 for a night past midnight). */
function spanOf(hours: readonly OpeningHours[], day: number): { opens: number; closes: number } | undefined {
  const entry = hours.find((item) => item.day === day)
  if (!entry?.opens || !entry.closes) return undefined
  const opens = minutesOf(entry.opens)
  let closes = minutesOf(entry.closes)
  if (closes <= opens) closes += DAY_MINUTES
  return { opens, closes }
}

const dayAfter = (day: number, days: number): number => ((day - 1 + days) % 7) + 1

/**
 * The state at `now` of a store open `hours` (the store's wall clock, `offsetHours` from UTC); undefined
 * when the data has no hours at all.
 */
export function openingState(hours: readonly OpeningHours[], now: Date, offsetHours: number): string | undefined {
  if (!hours.some((item) => item.opens && item.closes)) return undefined
  const wall = new Date(now.getTime() + offsetHours * 3_600_000)
  const day = wall.getUTCDay() || 7
  const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes()
  const yesterday = spanOf(hours, dayAfter(day, 6))
  if (yesterday && minute < yesterday.closes - DAY_MINUTES) return `Открыто до ${timeOf(yesterday.closes)}`
  const today = spanOf(hours, day)
  if (today && minute >= today.opens && minute < today.closes)
    return today.closes - today.opens >= DAY_MINUTES ? 'Открыто круглосуточно' : `Открыто до ${timeOf(today.closes)}`
  if (today && minute < today.opens) return `Закрыто · откроется в ${timeOf(today.opens)}`
  for (let ahead = 1; ahead <= 7; ahead++) {
    const next = spanOf(hours, dayAfter(day, ahead))
    if (!next) continue
    const when = ahead === 1 ? 'завтра' : ON_DAY[dayAfter(day, ahead)]
    return `Закрыто · откроется ${when} в ${timeOf(next.opens)}`
  }
  return 'Закрыто'
}

/** A store's state now on its own clock (`openingState` with the offset of the store's region). */
export const storeStateNow = (
  store: { openingHours: readonly OpeningHours[]; city: { region: string } },
  now: Date,
): string | undefined => openingState(store.openingHours, now, regionUtcOffset(store.city.region))

/**
 * The state said beside the week's schedule, without the times the schedule already gives (UX4-12):
 * «Ежедневно 10:00–22:00 · Открыто сейчас», not «… · Открыто до 22:00»; «Закрыто · откроется завтра»,
 * not «… завтра в 10:00». A time the schedule does not show (another day's hours) is kept.
 */
export function stateBesideSchedule(schedule: string, state: string): string {
  const open = /^Открыто до (\d\d:\d\d)$/.exec(state)
  if (open && schedule.includes(open[1]!)) return 'Открыто сейчас'
  const closed = /^Закрыто · откроется (?:(.+) )?в (\d\d:\d\d)$/.exec(state)
  if (closed && schedule.includes(closed[2]!)) return closed[1] ? `Закрыто · откроется ${closed[1]}` : 'Закрыто сейчас'
  return state
}
