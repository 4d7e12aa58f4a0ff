import { describe, expect, it } from 'vitest'
import { createMockGateway } from '../gateway.ts'
import { call } from '../testing.ts'

describe('POST /__mock/faults', () => {
  it('names mode and lists the valid modes when the mode is unknown', async () => {
    const gateway = await createMockGateway()
    const answer = await call(gateway, 'POST', '/__mock/faults', { body: { path: '/webgate/*', mode: 'nonsense' } })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.fields)).toEqual(['mode'])
    expect(answer.body.fields.mode).toMatch(/reset.*invalid-json.*hang/)
    expect(gateway.state.faults.list()).toEqual([])
  })

  it('names the fault of a list by its index', async () => {
    const gateway = await createMockGateway()
    const answer = await call(gateway, 'POST', '/__mock/faults', {
      body: [
        { path: '/webgate/*', status: 503 },
        { path: '/webgate/*', mode: 'nonsense' },
      ],
    })
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.fields)).toEqual(['1.mode'])
  })
})
