import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/** One rule of .dependency-cruiser.cjs, as far as the floors need it. */
interface Rule {
  name: string;
  from: { path?: string };
  to: { path?: string };
}

const require = createRequire(import.meta.url);
const { floors, inside } = require('../floors.json') as {
  floors: string[][];
  inside: Record<string, string[][]>;
};
const { forbidden } = require('../.dependency-cruiser.cjs') as { forbidden: Rule[] };
const layoutDoc = readFileSync(new URL('../docs/how-it-works.md', import.meta.url), 'utf8');

/**
 * The rooms of each floor in the Layout tables of docs/how-it-works.md whose first header is `header`, bottom up
 * (the `aside` row is no floor).
 */
function readmeFloors(header: string): string[][] {
  const lines = layoutDoc.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${header} | rooms |`));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  const rows = lines
    .slice(start, end < 0 ? undefined : end)
    .filter((line) => /^\| (ground|\d+) \|/.test(line));
  return rows.map((row) => {
    const rooms = row.split('|')[2] ?? '';
    return [...rooms.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  });
}

/** A file of the room, as dependency-cruiser names it: `src/contract/x.ts`, `src/errors.ts`. */
const fileIn = (base: string, room: string) => (room.endsWith('/') ? `${base}${room}x.ts` : `${base}${room}`);

/** Checks that each floor but the top has a rule forbidding every floor above it and none below. */
function expectFloorRules(options: { base: string; floorsOf: string[][]; prefix: string }): void {
  const { base, floorsOf, prefix } = options;
  floorsOf.slice(0, -1).forEach((rooms, index) => {
    const rule = forbidden.find((candidate) => candidate.name.startsWith(`${prefix}floor-${index}-`));
    expect(rule, `${prefix}floor ${index}`).toBeDefined();
    const from = new RegExp(rule?.from.path ?? '$^');
    const to = new RegExp(rule?.to.path ?? '$^');
    for (const room of rooms) expect(from.test(fileIn(base, room)), room).toBe(true);
    for (const room of floorsOf.slice(index + 1).flat()) expect(to.test(fileIn(base, room)), room).toBe(true);
    for (const room of floorsOf.slice(0, index + 1).flat())
      expect(to.test(fileIn(base, room)), room).toBe(false);
  });
}

/** The shipped files of a folder of src/, relative to it, tests left out. */
function sourceFiles(folder: string): string[] {
  const entries = readdirSync(new URL(`../src/${folder}`, import.meta.url), {
    recursive: true,
    encoding: 'utf8',
  });
  return entries.filter((entry) => /\.tsx?$/.test(entry) && !/\.test(-d)?\.tsx?$/.test(entry));
}

describe('the floors of src/', () => {
  it('are the ones the Layout table of docs/how-it-works.md names, in the same order', () => {
    expect(readmeFloors('floor')).toEqual(floors);
  });

  it('each have a layering rule forbidding every floor above and none below', () => {
    expectFloorRules({ base: 'src/', floorsOf: floors, prefix: '' });
  });
});

describe('the floors inside research/', () => {
  const floorsOf = inside['research/'] ?? [];

  it('are the ones the Layout section of docs/how-it-works.md names, in the same order', () => {
    expect(floorsOf.length).toBeGreaterThan(1);
    expect(readmeFloors('research floor')).toEqual(floorsOf);
  });

  it('each have a layering rule forbidding every floor above and none below', () => {
    expectFloorRules({ base: 'src/research/', floorsOf, prefix: 'research-' });
  });

  it('hold every file of research/ in exactly one room, so no file escapes the rules', () => {
    const rooms = floorsOf.flat();
    const homeless = sourceFiles('research').filter(
      (file) =>
        rooms.filter((room) => (room.endsWith('/') ? file.startsWith(room) : file === room)).length !== 1,
    );
    expect(homeless).toEqual([]);
  });
});
