/** «Нет сети: данные на 14:32»: when the kept data was shown online, by the device's clock. */
import { formatDate } from '#client/lib/format-date.ts'

const pad = (value: number) => String(value).padStart(2, '0')

/** The line under a kept card or pass; the date comes first when the data is not from today. */
export function keptAtText(keptAt: string, now: Date): string {
  const at = new Date(keptAt)
  if (Number.isNaN(at.getTime())) return 'Нет сети'
  const time = `${pad(at.getHours())}:${pad(at.getMinutes())}`
  if (at.toDateString() === now.toDateString()) return `Нет сети: данные на ${time}`
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  return `Нет сети: данные на ${formatDate(at, { style: 'long', timeZone })}, ${time}`
}
