import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '#server/test/app.ts'
import { BOT_UA, rawRequest } from '#server/test/http.ts'

// PUBLIC_ORIGIN unset: the origin is `http://{HOST}:{PORT}` of the configuration (DESIGN.md section 2).
const CONFIGURED = 'http://127.0.0.1:3999'
const HOSTILE = {
  host: 'evil.example',
  'x-forwarded-host': 'evil2.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil3.example',
}

let stack: TestApp
/** The same app on a real socket, for the raw HTTP/1.0 exchanges `inject` cannot send. */
let socketUrl: string

beforeAll(async () => {
  stack = await startTestApp({ env: { HOST: '127.0.0.1', PORT: '3999' }, mock: { config: { logLevel: 'silent' } } })
  socketUrl = await stack.listen()
})

afterAll(async () => {
  await stack.close()
})

/** Sends raw bytes and reads until the server closes the connection (HTTP/1.0). */
function rawExchange(bytes: string): Promise<string> {
  const { hostname, port } = new URL(socketUrl)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes))
    let text = ''
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('end', () => resolve(text))
    socket.on('error', reject)
  })
}

describe('the public origin is configuration, never the request', () => {
  it('defaults PUBLIC_ORIGIN to http://{HOST}:{PORT}', () => {
    expect(stack.config.publicOrigin).toBe(CONFIGURED)
  })

  it('writes the configured origin into the sitemap index and its parts whatever the Host header says', async () => {
    const index = await stack.request('/sitemap.xml', { headers: HOSTILE })
    expect(index.status).toBe(200)
    expect(index.body).toContain(`<loc>${CONFIGURED}/sitemap-categories.xml</loc>`)
    expect(index.body).not.toMatch(/evil/)
    const part = await stack.request('/sitemap-categories.xml', { headers: HOSTILE })
    expect(part.body).toContain(`<loc>${CONFIGURED}/catalog</loc>`)
    expect(part.body).not.toMatch(/evil/)
  })

  it('writes the configured origin into robots.txt', async () => {
    const robots = await stack.request('/robots.txt', { headers: HOSTILE })
    expect(robots.body).toContain(`Sitemap: ${CONFIGURED}/sitemap.xml`)
    expect(robots.body).not.toMatch(/evil/)
  })

  it('writes the configured origin into canonical and og:url', async () => {
    const page = await stack.request('/cookie-policy', { headers: HOSTILE })
    expect(page.status).toBe(200)
    expect(page.body).toContain(`<link rel="canonical" href="${CONFIGURED}/cookie-policy">`)
    expect(page.body).toContain(`<meta property="og:url" content="${CONFIGURED}/cookie-policy">`)
    expect(page.body).not.toMatch(/evil/)
  })

  it('answers an HTTP/1.0 page request without a Host header with the page', async () => {
    const answer = await rawExchange(
      'GET /cookie-policy HTTP/1.0\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0\r\n\r\n',
    )
    expect(answer).toMatch(/^HTTP\/1\.[01] 200 /)
    expect(answer).toContain(`${CONFIGURED}/cookie-policy`)
  })

  it('answers an HTTP/1.0 sitemap request without a Host header with the sitemap', async () => {
    const answer = await rawExchange('GET /sitemap.xml HTTP/1.0\r\n\r\n')
    expect(answer).toMatch(/^HTTP\/1\.[01] 200 /)
    expect(answer).toContain(`<loc>${CONFIGURED}/`)
  })
})

// Request targets exactly as written (a backslash included) need a socket: `inject` normalises the URL.
describe('paths that a browser reads as another host', () => {
  it.each(['//evil.example', '//evil.example/catalog', '//evil.example/', '/\\evil.example/catalog', '//catalog'])(
    'answers %s with the 404 not-found page, never a page of ours',
    async (path) => {
      const response = await rawRequest(socketUrl, path)
      expect(response.status).toBe(404)
      expect(response.body).toContain(`Page not found: ${path.replace('\\', '\\\\')}`)
      expect(response.headers.location).toBeUndefined()
    },
  )

  it('gives a bot the 404 for //evil.example as well', async () => {
    const response = await rawRequest(socketUrl, '//evil.example', { headers: { 'user-agent': BOT_UA } })
    expect(response.status).toBe(404)
  })
})
