# ledger-conformance as a container: the CLI is the entrypoint, so the image takes the same arguments.
#
#   docker build --build-arg LEDGER_CONFORMANCE_COMMIT=$(git rev-parse HEAD) -t ledger-conformance:0.1.0 .
#   docker run --rm -v "$PWD/work:/work" -e LEDGER_BASE_URL -e SCAN_BASE_URL -e LEDGER_JWT_SECRET -e LEDGER_JWT_AUDIENCE \
#     ledger-conformance:0.1.0 run --target staging --profile canton
#
# Reports, results and provisioned fixtures go below the working directory /work (mount it to keep them).
# The image holds production dependencies only: TypeScript runs through tsx, which is one of them. It has no git
# (nor .git): the build argument LEDGER_CONFORMANCE_COMMIT is the tool's commit its certificates name.
FROM node:20-bookworm-slim

ARG LEDGER_CONFORMANCE_COMMIT=unknown
ENV NODE_ENV=production \
    CI=true \
    LEDGER_CONFORMANCE_COMMIT=${LEDGER_CONFORMANCE_COMMIT}

WORKDIR /app

# Dependencies first, so that a change of the sources does not reinstall them.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
    && npm cache clean --force

COPY . .
RUN ln -s /app/bin/ledger-conformance.mjs /usr/local/bin/ledger-conformance \
    && mkdir /work \
    && chown node:node /work

# The image's own user: never root.
USER node
WORKDIR /work

ENTRYPOINT ["node", "/app/bin/ledger-conformance.mjs"]
CMD ["--help"]
