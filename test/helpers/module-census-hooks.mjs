// Module hooks (see module-census.mjs): each module file loaded, as a path, before it loads.
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export async function load(url, context, nextLoad) {
  const census = process.env.DEEPRESEARCH_MODULE_CENSUS;
  if (census && url.startsWith('file:')) appendFileSync(census, `${fileURLToPath(url)}\n`);
  return nextLoad(url, context);
}
