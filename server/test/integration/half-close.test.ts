import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '#server/test/harness.ts'
import { BROWSER_UA } from '#server/test/http.ts'

let stack: TestStack

beforeAll(async () => {
  stack = await startTestStack({ mock: { config: { logLevel: 'silent' } } })
})

afterAll(async () => {
  await stack.close()
})

/** Sends a request, shuts the sending side at once (TCP half-close), and reads until the server closes. */
function halfClosedRequest(target: string): Promise<string> {
  const { hostname, port } = new URL(stack.url)
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true }, () => {
      socket.end(
        `GET ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: ${BROWSER_UA}\r\nAccept-Encoding: identity\r\n\r\n`,
      )
    })
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })
}

describe('a client that half-closes after its request', () => {
  it.each([
    ['a page that waits for the gateway', '/cookie-policy', '</html>'],
    ['a proxied gateway call', '/webgate/v2/web-common-content/cookies', '{'],
    ['the sitemap', '/sitemap-categories.xml', '</urlset>'],
  ])('still gets its answer for %s', async (_what, target, ending) => {
    const answer = await halfClosedRequest(target)
    expect(answer).toMatch(/^HTTP\/1\.1 200 /)
    expect(answer).toContain(ending)
  })
})
