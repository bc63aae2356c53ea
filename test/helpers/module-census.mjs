// Loaded with `node --import`: appends every module file the process loads (ES modules through a
// load hook, CommonJS ones from the require cache at exit) to the file named by
// DEEPRESEARCH_MODULE_CENSUS, one path a line, for a test or bench to read which packages a command
// loaded. Worker threads started with the process's flags append to the same file.
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';

register('./module-census-hooks.mjs', import.meta.url);
const require = createRequire(import.meta.url);
process.on('exit', () => {
  const census = process.env.DEEPRESEARCH_MODULE_CENSUS;
  if (census)
    appendFileSync(
      census,
      Object.keys(require.cache)
        .map((path) => `${path}\n`)
        .join(''),
    );
});
