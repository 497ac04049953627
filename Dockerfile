# One image, two roles, as `npm run start:cluster` runs them
# (docs/operations/deploy.md, docs/decisions/0216):
#   API instance: the default command, node server/main.ts (serves the app too)
#   worker:       node server/worker.ts
# Not built or run on the development machine (it has no container runtime);
# keep it in step with scripts/run/cluster.ts and docs/operations/deploy.md.

# The Node version pinned in package.json ("node" devDependency).
ARG NODE_VERSION=24.21.0

# The PWA. Vite writes the identity settings into the build (decision 0101).
FROM node:${NODE_VERSION}-bookworm-slim AS app
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
ARG VITE_FIREBASE_API_KEY
ARG VITE_FIREBASE_AUTH_DOMAIN
ARG VITE_FIREBASE_PROJECT_ID
ARG VITE_FIREBASE_APP_ID
ARG VITE_DEMO_ACCOUNT_EMAIL
RUN npm run build

# The server: Node runs its TypeScript as is; production dependencies only.
FROM node:${NODE_VERSION}-bookworm-slim
# Debian's ffmpeg (the renderer's and the media probe's; FFMPEG_PATH) and the captions' font.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY contract ./contract
COPY server ./server
COPY --from=app /build/dist ./dist
RUN mkdir /app/data && chown node:node /app/data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    ACTORLY_DIST=/app/dist \
    DATA_DIR=/app/data \
    FFMPEG_PATH=/usr/bin/ffmpeg
USER node
EXPOSE 8080
# SIGTERM closes either role cleanly (a worker gives its jobs back at once).
CMD ["node", "server/main.ts"]
