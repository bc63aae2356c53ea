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
const layoutDoc = readFileSync(new URL('../docs/how-it-works.md', import.meta.url), 'utf8');

/**
 * The rows of the first table under the doc's `## Layout` heading: other tables (research's own
 * floors, say) may follow it without being read as floors of src/.
 */
function layoutTable(): string[] {
  const lines = layoutDoc.split('\n');
  const heading = lines.findIndex((line) => /^##\s+Layout\s*$/.test(line));
  if (heading === -1) throw new Error('docs/how-it-works.md has no "## Layout" section');
  const start = lines.findIndex((line, index) => index > heading && line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return start === -1 ? [] : lines.slice(start, end === -1 ? undefined : end);
}

/** The rooms of each floor in the Layout table, bottom up (the `aside` row is no floor). */
function documentedFloors(): string[][] {
  const rows = layoutTable().filter((line) => /^\| (ground|\d+) \|/.test(line));
  return rows.map((row) => {
    const rooms = row.split('|')[2] ?? '';
    return [...rooms.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
  });
}

/** A file of the room, as dependency-cruiser names it: `src/contract/x.ts`, `src/errors.ts`. */
const fileIn = (room: string) => (room.endsWith('/') ? `src/${room}x.ts` : `src/${room}`);

describe('the floors of src/', () => {
  it('are the ones the Layout table of docs/how-it-works.md names, in the same order', () => {
    expect(documentedFloors()).toEqual(floors);
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
