# syntax=docker/dockerfile:1.7
# Images of the storefront, on Node 24 LTS (DESIGN.md sections 2 and 6). Targets:
#   store  the storefront (the default, last stage): production dependencies, dist/server and
#          dist/client only; no msw, no @msw/data, no mock gateway. Non-root, HEALTHCHECK on /healthz.
#   mock   the mock gateway: its bundle carries msw and @msw/data (scripts/build/build.mjs), so it needs only
#          the production dependencies beside it (pino, zod).
#   docker build --target store -t aurora-store .      docker build --target mock -t aurora-mock .

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY shared ./shared
COPY client ./client
COPY server ./server
COPY mock-gateway ./mock-gateway
RUN node scripts/build/build.mjs

# Production dependencies only: msw and @msw/data are dev dependencies, so they are not here.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS mock
ENV NODE_ENV=production \
    MOCK_GATEWAY_HOST=0.0.0.0 \
    MOCK_GATEWAY_PORT=4010
WORKDIR /app
# package.json says "type": "module" for the ESM bundle.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/mock-gateway ./dist/mock-gateway
USER node
EXPOSE 4010
# Any HTTP answer means the process serves (a configured fault may answer 5xx on purpose).
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.MOCK_GATEWAY_PORT||4010)+'/webgate/v2/web-common-content/cookies',{signal:AbortSignal.timeout(2500)}).then(()=>process.exit(0),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/mock-gateway/index.js"]

FROM ${NODE_IMAGE} AS store
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    METRICS_PORT=9464
WORKDIR /app
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist/server ./dist/server
COPY --from=build /app/dist/client ./dist/client
COPY --from=build /app/dist/BUILD_ID ./dist/BUILD_ID
USER node
EXPOSE 3000 9464
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz',{signal:AbortSignal.timeout(2500)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (DESIGN.md section 6): /readyz 503 at once, SHUTDOWN_GRACE_S (5 s) still accepting with
# Connection: close, in-flight requests finish, exit within SHUTDOWN_TIMEOUT_S (10 s).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
