// Takes `prepare` out of package.json while npm packs it (`prepack`: strip, `postpack`: restore), so the
// tarball's manifest has no install-time script: npm 11 warns about each package with one that a
// project has not allowed, and users would be asked to approve a build that never runs for them (the
// tarball ships dist/ built). The clone keeps `prepare`, which builds it on `npm install`.
//
// `node scripts/pack-manifest.mjs strip|restore`. The original text is kept byte for byte beside the
// clone's node_modules; a strip after a pack that died before its restore puts that text back first.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const manifest = new URL('../package.json', import.meta.url);
const backupFolder = new URL('../node_modules/.cache/deepresearch-pack/', import.meta.url);
const backup = new URL('package.json', backupFolder);

/** Scripts npm runs when the package is installed, which a packed manifest must not carry. */
export const installScripts = [
  'preinstall',
  'install',
  'postinstall',
  'preprepare',
  'prepare',
  'postprepare',
];

function restore() {
  if (!existsSync(backup)) return;
  writeFileSync(manifest, readFileSync(backup));
  rmSync(backup);
}

function strip() {
  restore();
  const text = readFileSync(manifest, 'utf8');
  const parsed = JSON.parse(text);
  for (const name of installScripts) delete parsed.scripts?.[name];
  mkdirSync(backupFolder, { recursive: true });
  writeFileSync(backup, text);
  writeFileSync(manifest, `${JSON.stringify(parsed, null, 2)}\n`);
}

export const packManifest = { strip, restore };

// Run as a script (npm's prepack and postpack); check-package.mjs imports it.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const action = packManifest[process.argv[2]];
  if (!action) {
    process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n');
    process.exit(1);
  }
  action();
}
