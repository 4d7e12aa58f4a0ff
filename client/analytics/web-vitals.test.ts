import { describe, expect, it } from 'vitest'
import { connectionClass, createVitalsBatcher, deviceClass, VITALS_PATH, type VitalsBatch } from './web-vitals.ts'

describe('field Web Vitals reporter', () => {
  it('classes the connection by its effective type, unknown otherwise', () => {
    expect(connectionClass({ connection: { effectiveType: '3g' } })).toBe('3g')
    expect(connectionClass({ connection: { effectiveType: 'wifi' } })).toBe('unknown')
    expect(connectionClass({})).toBe('unknown')
  })

  it('classes the device by memory and cores', () => {
    expect(deviceClass({ deviceMemory: 2, hardwareConcurrency: 8 })).toBe('low')
    expect(deviceClass({ deviceMemory: 4, hardwareConcurrency: 8 })).toBe('mid')
    expect(deviceClass({ deviceMemory: 8, hardwareConcurrency: 8 })).toBe('high')
    expect(deviceClass({ hardwareConcurrency: 2 })).toBe('low')
    expect(deviceClass({})).toBe('unknown')
  })

  it('sends one batch per flush with the latest value of each metric, and at most four batches', async () => {
    const sent: { url: string; batch: VitalsBatch }[] = []
    const bodies: Blob[] = []
    const batcher = createVitalsBatcher(
      (url, body) => {
        bodies.push(body)
        sent.push({ url, batch: undefined as unknown as VitalsBatch })
        return true
      },
      { connection: '4g', device: 'mid' },
    )
    batcher.flush()
    expect(sent).toHaveLength(0)
    batcher.add({ metric: 'INP', value: 40, route: 'main' })
    batcher.add({ metric: 'INP', value: 180, route: 'catalog-category' })
    batcher.add({ metric: 'LCP', value: 1200, route: 'main' })
    batcher.flush()
    expect(sent).toHaveLength(1)
    expect(sent[0]!.url).toBe(VITALS_PATH)
    expect(bodies[0]!.type).toBe('text/plain')
    const batch = JSON.parse(await bodies[0]!.text()) as VitalsBatch
    expect(batch).toEqual({
      connection: '4g',
      device: 'mid',
      items: [
        { metric: 'INP', value: 180, route: 'catalog-category' },
        { metric: 'LCP', value: 1200, route: 'main' },
      ],
    })
    for (let i = 0; i < 5; i++) {
      batcher.add({ metric: 'CLS', value: i, route: 'main' })
      batcher.flush()
    }
    expect(sent).toHaveLength(4)
  })
})
