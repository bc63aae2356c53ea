import type { ConfigField } from './field.js';
import { fieldRows } from './fields/index.js';
import { schemaOfKey } from './validate.js';

// config's second door, beside index.ts: the options' zod schemas, for what validates options
// itself (the engine, the server's requests, the MCP tools, library users). index.ts exports
// none of them, so a command whose options need no schema starts without loading zod;
// `.dependency-cruiser.cjs` lets other modules import this file.

export { researchConfigSchema } from './schema.js';
export { parseResearchConfig } from './validate.js';

/** Every option of every command with its schema: the field table, as library users read it. */
export const configFields: readonly ConfigField[] = fieldRows.map((row) => ({
  ...row,
  schema: schemaOfKey(row.key),
}));
