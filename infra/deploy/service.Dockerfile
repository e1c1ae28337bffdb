# One image per service: build with --build-arg PROJECT=services/identity (or services/therapy,
# services/billing). The image runs the project's dist/main.js; `node dist/migrate.js` is the
# explicit migration step for services.
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY . .
ARG PROJECT
RUN npm install --no-audit --no-fund && npx nx run-many -t build --projects=tag:platform:server --output-style=stream

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /repo
ARG PROJECT
COPY --from=build /repo/package.json /repo/package-lock.json ./
COPY --from=build /repo/node_modules ./node_modules
COPY --from=build /repo/libs/contracts ./libs/contracts
COPY --from=build /repo/libs/server-kit ./libs/server-kit
COPY --from=build /repo/infra ./infra
COPY --from=build /repo/${PROJECT} ./${PROJECT}
WORKDIR /repo/${PROJECT}
USER node
EXPOSE 3000
CMD ["node", "dist/main.js"]
