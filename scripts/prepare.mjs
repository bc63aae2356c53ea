// The `prepare` script: builds dist/ and web/dist when the clone is installed (`npm install`, `npm ci`).
// npx runs it too, and there it must not: `npx deepresearch` in the clone installs the clone into npx's
// own cache as a link, and npm runs a linked package's `prepare` (npm tells the script by
// `npm_command=exec`). That rebuilt dist/ before the first command (14–110 s behind npm's spinner) and
// emptied it under anything already running from it. The clone's own install has built it already.
import { spawnSync } from 'node:child_process';

if (process.env.npm_command !== 'exec') {
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  process.exit(build.status ?? 1);
}
