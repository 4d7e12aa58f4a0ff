/**
 * The session of every request (DESIGN.md "Sessions", decision 002): the app's token refresher (one
 * refresh per refresh token, across replicas with the shared state's coordinator) and, per request,
 * `request.session` read from the cookies, with the access token's claims decoded once.
 */
import fp from 'fastify-plugin'
import { COOKIE } from '#shared/cookies.ts'
import { cookieName, cookieOptions, setCookie } from './cookies.ts'
import { createServerApi, headerContextOf } from '../gateway.ts'
import { createRequestSession, type RequestSession } from './request-session.ts'
import { TokenRefresher } from './refresher.ts'

declare module 'fastify' {
  interface FastifyInstance {
    refresher: TokenRefresher
  }
  interface FastifyRequest {
    /** A session id made for a visitor who had none (handed out with a private answer). */
    newSessionId: string | undefined
    /** The visitor's session (tokens stay server-side). */
    session: RequestSession
  }
}

/** Decorates the app with the refresher and every request with its session. */
export const sessionPlugin = fp(
  async (app) => {
    const { config, metrics, upstream: agent, buildId } = app
    app.decorate(
      'refresher',
      new TokenRefresher({
        aud: config.publicConfig.aud,
        ...(app.refreshCoordinator ? { coordinator: app.refreshCoordinator } : {}),
      }),
    )
    app.decorateRequest('session', null as unknown as RequestSession)
    app.decorateRequest('newSessionId', undefined)
    app.addHook('onRequest', (request, _reply, done) => {
      // The refresh call goes without the session's bearer, so it has its own client (built only if needed).
      const idApi = () =>
        createServerApi({
          config,
          agent,
          metrics,
          log: request.log,
          headers: () => headerContextOf(request, config, buildId),
          timeoutMs: config.timeouts.upstreamBodyMs,
        })
      request.session = createRequestSession(request, { config, refresher: app.refresher, idApi })
      // A token signed out on any replica is never used again: the request goes on signed out.
      // A callback hook with a synchronous path: a visitor without tokens (most requests) waits for nothing.
      const tokens = request.session.tokens()
      if (tokens.length === 0 || request.url.startsWith('/assets/')) return done()
      app.revokedTokens.anyRevoked(tokens).then(
        (revoked) => {
          if (revoked) {
            request.log.info('signed-out token presented')
            request.session.end()
          }
          done()
        },
        (error: unknown) => done(error as Error),
      )
    })
    // Cookie changes (a refresh, a sign-out, a refused refresh) reach the reply at one edge, before its
    // headers: a route that refreshed and never committed still sets the new cookies.
    // A callback hook, not an async one: it runs on every answer and has nothing to wait for.
    app.addHook('onSend', (request, reply, payload, done) => {
      request.session?.commit(reply)
      // The new session id goes out with any answer a shared cache will not keep: a cookie would make a
      // public page private (DESIGN.md section 6), so a visitor whose first page came from the cache gets
      // it with the first call of its page script instead. Crawlers get none.
      const newId = request.newSessionId
      // (A sign-in in this request renewed the id and set its cookie already.)
      const unchanged = request.cookies[cookieName(request, COOKIE.sessionId)] === newId
      if (newId && unchanged && !request.session?.state().bot) {
        const cacheControl = String(reply.getHeader('cache-control') ?? '')
        if (!/public|s-maxage/.test(cacheControl))
          setCookie(request, reply, COOKIE.sessionId, newId, cookieOptions(request, true))
        else if (
          request.routeName?.startsWith('proxy:') &&
          String(reply.getHeader('content-type') ?? '').startsWith('application/json')
        ) {
          // A proxied call's JSON answer the gateway marked public (catalogue data; never a picture, which a
          // page without script loads too): without the cookie every
          // anonymous call would carry a new id. This one answer becomes private and hands the id out;
          // the visitor's later calls carry it and stay as cacheable as the gateway said (decision 026).
          reply.header('cache-control', 'private, no-store')
          setCookie(request, reply, COOKIE.sessionId, newId, cookieOptions(request, true))
        }
      }
      done(null, payload)
    })
  },
  { name: 'session', dependencies: ['context', 'upstream', 'shared-state'] },
)
