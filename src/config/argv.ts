import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError } from '../errors.js';
import type { FieldRow } from './field.js';
import { configError } from './wording.js';

/** Flags as given on the command line, before conversion: text, repeated texts, or true. */
export type RawValue = string | string[] | boolean;

export interface ParsedArgv {
  /** The value of each field whose flag was given. */
  values: Map<FieldRow, RawValue>;
  /** Arguments that are not flags (the question's words, read's inputs). */
  positionals: string[];
}

/**
 * Splits the command line into flag values and positionals. Checks the flags' shape here, with
 * messages of our own: an unknown flag, a flag without its value, a value given to a switch. A value
 * that starts with a dash is taken when it is a number (`--max-steps -3` reaches validation, which
 * says what a value must be); any other is read as a forgotten value.
 */
export function parseArgv(argv: readonly string[], fields: readonly FieldRow[]): ParsedArgv {
  const byFlag = new Map(fields.map((field) => [field.flag, field]));
  const options: NonNullable<ParseArgsConfig['options']> = Object.fromEntries(
    fields.map((field) => [
      field.flag,
      {
        // A flag with a bare value takes its value inline or as a path after it (see below).
        type: field.kind === 'boolean' || field.bare !== undefined ? 'boolean' : 'string',
        // parseArgs rejects a `short` key that is present but undefined.
        ...(field.short ? { short: field.short } : {}),
      } as const,
    ]),
  );
  const { tokens, positionals } = parseArgs({
    args: [...argv],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const values = new Map<FieldRow, RawValue>();
  const taken = new Set<number>();
  for (const [position, token] of tokens.entries()) {
    if (token.kind !== 'option') continue;
    const field = byFlag.get(token.name);
    if (!field) {
      throw configError({
        problem: 'unknown_option',
        flag: token.rawName,
        known: fields.map((entry) => `--${entry.flag}`),
      });
    }
    const next = tokens[position + 1];
    const pathAfter =
      field.bare !== undefined &&
      !token.inlineValue &&
      next?.kind === 'positional' &&
      looksLikePath(next.value)
        ? next
        : undefined;
    if (pathAfter) taken.add(pathAfter.index);
    const value = pathAfter ? pathAfter.value : flagValue(field, token);
    // A list flag may be repeated; any other flag given twice keeps its last value.
    const previous = values.get(field);
    values.set(
      field,
      field.kind === 'list' ? [...(Array.isArray(previous) ? previous : []), String(value)] : value,
    );
  }
  const kept = tokens.flatMap((token) =>
    token.kind === 'positional' && !taken.has(token.index) ? [token.value] : [],
  );
  return { values, positionals: taken.size > 0 ? kept : positionals };
}

/** Whether an argument after a flag with a bare value is that flag's path rather than a positional. */
function looksLikePath(argument: string): boolean {
  return /^(\/|\.\.?\/)/.test(argument);
}

interface OptionToken {
  rawName: string;
  value?: string | undefined;
  inlineValue?: boolean | undefined;
}

function flagValue(field: FieldRow, token: OptionToken): RawValue {
  const usage = (message: string) =>
    new ConfigError(message, { problem: 'usage', key: field.key, flag: token.rawName });
  if (field.bare !== undefined) return token.inlineValue && token.value ? token.value : field.bare;
  if (field.kind === 'boolean') {
    if (token.inlineValue) throw usage(`${token.rawName} takes no value, got "${token.value}".`);
    return field.turnsOff !== true;
  }
  const placeholder = field.value ?? 'VALUE';
  if (token.value === undefined) throw usage(`${token.rawName} needs a value (${placeholder}).`);
  if (!token.inlineValue && /^-(?!\d)/.test(token.value)) {
    throw usage(
      `${token.rawName} needs a value (${placeholder}), got the flag ${token.value}. For a value that starts with a dash, write ${token.rawName}=${token.value}.`,
    );
  }
  return token.value;
}
