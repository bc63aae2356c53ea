# The image compose.yaml runs: what users install (the packed tarball, without devDependencies), built
# from this checkout. `docker build -t deepresearch .`, then `docker run deepresearch --help`.
FROM node:20-slim AS build
WORKDIR /src
COPY . .
# `npm ci` builds dist/ and web/dist (the prepare script); `npm pack` packs what `files` ships.
RUN npm ci && npm pack --pack-destination /tmp

FROM node:20-slim
COPY --from=build /tmp/deepresearch-*.tgz /tmp/
# A plain install has the optional packages the server uses: pg (compose.yaml runs it on Postgres), and
# pdfkit, fontkit and docx (PDF and DOCX exports); see docs/install.md.
RUN npm install --global /tmp/deepresearch-*.tgz \
  && rm /tmp/deepresearch-*.tgz && npm cache clean --force
# No browser in the image: `--browser` needs a Chromium (e.g. `apt-get install chromium` in an image of
# your own based on this one, then `--browser /usr/bin/chromium`).
USER node
WORKDIR /home/node
ENTRYPOINT ["deepresearch"]
