// Empties dist/ before a build, so a module that was moved or deleted in src/ (or a source map of an
// older build) does not ship with the package.
import { rmSync } from 'node:fs';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
