import { MODEL_ROLES, type ModelRole } from '../contract/index.js';
import { MAX_TEMPERATURE } from './constants.js';

/**
 * Temperatures as validated: `default` for every role, and a role's own over it. Absent values:
 * the provider's default.
 */
export type Temperatures = Partial<Record<'default' | ModelRole, number>>;

const WORDS = `a temperature from 0 to ${MAX_TEMPERATURE}, per-role temperatures such as "writer=0.7,planner=0" (roles: ${MODEL_ROLES.join(', ')}), or both ("0.3,writer=0.7")`;
const NAMES: readonly string[] = ['default', ...MODEL_ROLES];

/** A number from 0 to MAX_TEMPERATURE, from a number or its text; undefined otherwise. */
function degreeOf(value: unknown): number | undefined {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*(\d+(\.\d*)?|\.\d+)\s*$/.test(value)
        ? Number(value)
        : Number.NaN;
  return number >= 0 && number <= MAX_TEMPERATURE ? number : undefined;
}

/** Entries of the text form: "0.2,writer=0.7" → [["default", "0.2"], ["writer", "0.7"]]. */
function entriesOfText(text: string): [string, unknown][] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? ['default', part] : [part.slice(0, at).trim(), part.slice(at + 1)];
    });
}

/** The temperatures a value gives, or the words saying what it must be (the schema's message). */
export function readTemperatures(value: unknown): Temperatures | string {
  if (typeof value === 'number') return degreeOf(value) === undefined ? WORDS : { default: value };
  const entries =
    typeof value === 'string'
      ? entriesOfText(value)
      : typeof value === 'object' && value !== null && !Array.isArray(value)
        ? Object.entries(value)
        : undefined;
  if (!entries || entries.length === 0) return WORDS;
  const temperatures: Temperatures = {};
  for (const [name, given] of entries) {
    if (!NAMES.includes(name)) return `${WORDS}; "${name}" is not a role`;
    const degree = degreeOf(given);
    if (degree === undefined) return `${WORDS}; ${name} is not a number from 0 to ${MAX_TEMPERATURE}`;
    temperatures[name as keyof Temperatures] = degree;
  }
  return temperatures;
}

/** The temperature of a role's calls: its own, else the default, else none (the provider's). */
export function temperatureFor(temperatures: Temperatures | undefined, role: ModelRole): number | undefined {
  return temperatures?.[role] ?? temperatures?.default;
}

/** The highest temperature any role gets, for the operator's limit. */
export function highestTemperature(temperatures: Temperatures | undefined): number | undefined {
  const values = Object.values(temperatures ?? {});
  return values.length === 0 ? undefined : Math.max(...values);
}
