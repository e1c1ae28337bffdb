# The gateway image also carries the built shell and remotes it serves (WEB_ROOT=/repo).
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY . .
RUN npm install --no-audit --no-fund && npx nx run-many -t build --output-style=stream

FROM node:24-bookworm-slim
ENV NODE_ENV=production WEB_ROOT=/repo
WORKDIR /repo
COPY --from=build /repo/package.json /repo/package-lock.json ./
COPY --from=build /repo/node_modules ./node_modules
COPY --from=build /repo/libs/contracts ./libs/contracts
COPY --from=build /repo/libs/server-kit ./libs/server-kit
COPY --from=build /repo/gateway ./gateway
COPY --from=build /repo/shell/dist ./shell/dist
COPY --from=build /repo/mfe-plans/dist ./mfe-plans/dist
COPY --from=build /repo/mfe-behaviors/dist ./mfe-behaviors/dist
COPY --from=build /repo/mfe-billing/dist ./mfe-billing/dist
COPY --from=build /repo/mfe-admin/dist ./mfe-admin/dist
WORKDIR /repo/gateway
USER node
EXPOSE 8080
CMD ["node", "dist/main.js"]
