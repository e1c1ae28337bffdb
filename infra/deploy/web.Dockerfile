# One image per front-end deployable: --build-arg PROJECT=shell (or mfe-plans, mfe-behaviors, mfe-billing,
# mfe-admin). Serves the built files; a remote is redeployed on its own and the shell finds it through the
# gateway's REMOTES setting (/remotes.json), without a rebuild of the shell.
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY . .
ARG PROJECT
RUN npm install --no-audit --no-fund && npx nx run @aba/${PROJECT}:build --output-style=stream

FROM nginxinc/nginx-unprivileged:1.27-alpine
ARG PROJECT
COPY --from=build /repo/${PROJECT}/dist /usr/share/nginx/html
# nginx-unprivileged runs as user 101 and listens on 8080: no root, as the Kubernetes manifests require.
COPY infra/deploy/web-nginx.conf /etc/nginx/conf.d/default.conf
