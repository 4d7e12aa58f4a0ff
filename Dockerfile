# syntax=docker/dockerfile:1.7
# Storefront image: build stage compiles the client and the Node bundles; the runtime stage holds
# production dependencies and dist/ only, runs as a non-root user, and checks /healthz.

FROM node:20.19-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY scripts ./scripts
COPY shared ./shared
COPY client ./client
COPY server ./server
COPY mock-gateway ./mock-gateway
RUN node scripts/build.mjs

FROM node:20.19-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    METRICS_PORT=9464
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY scripts/start.mjs ./scripts/start.mjs
USER node
EXPOSE 3000 9464
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains: readiness false, in-flight requests finish, exit within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
