import { describe, expect, it } from 'vitest'
import { switchLayout } from './keyboard-layout.ts'

describe('switchLayout', () => {
  it.each([
    ['rhtv', 'крем'],
    ['ifvgeym', 'шампунь'],
    ['Rhtv lkz kbwf', 'Крем для лица'],
    ['ujkjdf', 'голова'],
    ['k.,jdm', 'любовь'],
    ['Тшмуф', 'Nivea'],
    ['ифдтуф', 'balnea'],
    ['rhtv 50', 'крем 50'],
  ])('reads %s as %s', (typed, meant) => {
    expect(switchLayout(typed)).toBe(meant)
  })

  it.each([['крем Nivea'], ['50 мл'.replace(/[а-я]/g, '')], ['123'], ['']])('leaves %j as typed', (typed) => {
    expect(switchLayout(typed)).toBeUndefined()
  })
})
