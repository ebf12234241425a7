# The console as a container: the production build behind nginx with deploy/nginx.conf (same file as `npm run serve`).
#   docker build -t assistant-console .
#   docker run -p 8080:8080 \
#     -e API_UPSTREAM=https://codemie.example.com -e IDP_ORIGIN=https://keycloak.example.com \
#     -v "$PWD/config.json:/etc/assistant-console/config.json:ro" assistant-console
# config.json ("apiBaseUrl": "/code-assistant-api", "auth.oidc.authority" on IDP_ORIGIN) is mounted, not built in:
# one image for every environment. API_ORIGIN is only for an API the browser calls directly instead of the proxy.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The official image fills ${…} in /etc/nginx/templates/*.template from the environment at start (envsubst,
# only variables that are set, so nginx's own $variables stay) and writes them to /etc/nginx/conf.d/.
FROM nginx:1.28.0-bookworm
ENV CONSOLE_LISTEN=8080 \
    CONSOLE_ROOT=/usr/share/nginx/html \
    CONSOLE_CONFIG_DIR=/etc/assistant-console \
    API_ORIGIN= \
    IDP_ORIGIN=
RUN rm -rf /usr/share/nginx/html/* /etc/nginx/conf.d/default.conf
COPY deploy/nginx.conf /etc/nginx/templates/default.conf.template
COPY --from=build /app/dist/ /usr/share/nginx/html/
# The demo config (local platform) until a real one is mounted over it.
RUN mkdir -p /etc/assistant-console && mv /usr/share/nginx/html/config.json /etc/assistant-console/config.json
EXPOSE 8080
