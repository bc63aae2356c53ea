#!/usr/bin/env node
// Runs the built CLI from dist/ (made by `npm install` through the `prepare` script). When dist/ is
// missing or DEEPRESEARCH_FROM_SOURCE=1, runs the TypeScript sources through tsx instead.
import { existsSync } from 'node:fs';

const built = new URL('../dist/cli/main.js', import.meta.url);
if (process.env.DEEPRESEARCH_FROM_SOURCE !== '1' && existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/cli/main.ts', import.meta.url).href);
}
