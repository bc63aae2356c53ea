#!/usr/bin/env node
// Runs the built CLI from dist/ (shipped in the package; in a clone, made by `npm install` through the
// `prepare` script). In a clone, DEEPRESEARCH_FROM_SOURCE=1 (or a missing dist/) runs the TypeScript
// sources through tsx, a devDependency: the installed package never needs it.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli/main.js', import.meta.url);
const source = new URL('../src/cli/main.ts', import.meta.url);

if (process.env.DEEPRESEARCH_FROM_SOURCE !== '1' && existsSync(built)) {
  await import(built.href);
} else {
  const tsx = await import('tsx/esm/api').catch(() => undefined);
  if (!tsx || !existsSync(source)) {
    process.stderr.write(
      existsSync(built)
        ? 'deepresearch: DEEPRESEARCH_FROM_SOURCE=1 needs a clone with its devDependencies (npm install); unset it to run the built CLI.\n'
        : 'deepresearch: the built CLI (dist/) is missing. In a clone run `npm run build` (or `npm install`, which builds); an installed package ships dist/, so reinstall it.\n',
    );
    process.exit(1);
  }
  tsx.register();
  await import(source.href);
}
