import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/** One rule of .dependency-cruiser.cjs, as far as the floors need it. */
interface Rule {
  name: string;
  from: { path?: string };
  to: { path?: string };
}

const require = createRequire(import.meta.url);
const { floors } = require('../floors.json') as { floors: string[][] };
const { forbidden } = require('../.dependency-cruiser.cjs') as { forbidden: Rule[] };
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** The rooms of each floor in the README's Layout table, bottom up (the `aside` row is no floor). */
function readmeFloors(): string[][] {
  const rows = readme.split('\n').filter((line) => /^\| (ground|\d+) \|/.test(line));
  return rows.map((row) => {
    const rooms = row.split('|')[2] ?? '';
    return [...rooms.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  });
}

/** A file of the room, as dependency-cruiser names it: `src/contract/x.ts`, `src/errors.ts`. */
const fileIn = (room: string) => (room.endsWith('/') ? `src/${room}x.ts` : `src/${room}`);

describe('the floors of src/', () => {
  it('are the ones the README names, in the same order', () => {
    expect(readmeFloors()).toEqual(floors);
  });

  it('each have a layering rule forbidding every floor above and none below', () => {
    floors.slice(0, -1).forEach((rooms, index) => {
      const rule = forbidden.find((candidate) => candidate.name.startsWith(`floor-${index}-`));
      expect(rule, `floor ${index}`).toBeDefined();
      const from = new RegExp(rule?.from.path ?? '$^');
      const to = new RegExp(rule?.to.path ?? '$^');
      for (const room of rooms) expect(from.test(fileIn(room)), room).toBe(true);
      for (const room of floors.slice(index + 1).flat()) expect(to.test(fileIn(room)), room).toBe(true);
      for (const room of floors.slice(0, index + 1).flat()) expect(to.test(fileIn(room)), room).toBe(false);
    });
  });
});
