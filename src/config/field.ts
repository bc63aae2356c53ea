import type { z } from 'zod';

/** How a flag's or variable's text becomes a value. */
export type FieldKind = 'string' | 'list' | 'integer' | 'number' | 'boolean';

/**
 * Which options object a field belongs to and which commands take its flag: `research` (ask and
 * serve), `serve`, `read`, `corpus` (index and search), `eval`, `mcp` (MCP servers a run uses), `mcp-server` (the mcp command), `output` (ask's printing), `database` (where runs and memories are kept: serve, eval, ask and memory), `memory` (the memory command), `verify` (the verify command) and `general` (every command).
 */
export type FieldGroup =
  | 'research'
  | 'serve'
  | 'read'
  | 'corpus'
  | 'eval'
  | 'mcp'
  | 'mcp-server'
  | 'output'
  | 'database'
  | 'memory'
  | 'verify'
  | 'general';

/**
 * A check of a field's commonest values that needs no schema, so a command whose values it takes
 * does not load zod: a value it takes, the field's schema takes unchanged (`quick-check.test.ts`
 * holds every field to that); any other value goes to the schema, whose message is the one shown.
 * A `boolean` field takes `true` and `false` without one.
 */
export type QuickCheck =
  /** Text (each item, for a list) with no space at either end, not empty. */
  | 'text'
  /** One of these words. */
  | { oneOf: readonly string[] }
  /** A whole number from `min` to `max`. */
  | { min: number; max: number };

/** One option: its config key, flag, variable, help and validation, all in one row. */
export interface ConfigField extends FieldRow {
  /** Validates the value (and gives its default); the message is what a value must be. */
  schema: z.ZodType;
}

/** A field's row without its schema: what flags, variables, files and help need (no zod). */
export interface FieldRow {
  /** Key in the config file and in the options object, e.g. `maxSteps`. */
  key: string;
  /** Groups whose commands take the flag; the first is the options object it sets. */
  groups: readonly FieldGroup[];
  /** Long flag without dashes, e.g. `max-steps`. */
  flag: string;
  /** One-letter alias, e.g. `q`. */
  short?: string;
  kind: FieldKind;
  /** Environment variable read when the flag is absent. */
  env?: string;
  /** Placeholder in help, e.g. `N`. */
  value?: string;
  /** One line of help; the default is added from the defaults table, never written here. */
  help: string;
  /** The values taken without the schema (none: every value is checked by the schema). */
  quick?: QuickCheck;
  /**
   * The value of a `string` flag given alone (`--browser` means `auto`). Such a flag takes a value
   * inline (`--browser=/usr/bin/chromium`) or as the next argument when that is a path (starts with
   * `/`, `./` or `../`), so `--browser "question"` leaves the question alone.
   */
  bare?: string;
  /** False: a list whose items may hold commas (`--mcp "cmd --a=1,2"`); only repetition separates. */
  commaSeparated?: boolean;
  /** A switch whose flag turns its key off (`--no-memory` sets `memory: false`, `--no-compute` `compute: false`). */
  turnsOff?: boolean;
  /** False: command line only (`--json`, `--config`), refused in a config file. Default true. */
  inFile?: boolean;
}
