import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunArchive } from '../archive/index.js';
import type { ResearchEvent } from '../contract/index.js';
import { type DemoWorld, demoPages, demoResearchConfig, startDemoWorld } from '../testing/demo-world.js';
import { research } from './run-research.js';

/** A page too large for a 0.1 MB archive: random text does not compress. */
const bigPage = `<!doctype html><html><head><title>Noise</title></head><body><article><h1>Eiffel Tower noise</h1><p>The Eiffel Tower page of noise.</p><p>${randomBytes(150_000).toString('base64')}</p></article></body></html>`;

let world: DemoWorld;
beforeAll(async () => {
  world = await startDemoWorld({ pages: { ...demoPages, '/big': bigPage } });
});
afterAll(() => world.close());

describe('the archive of a run', () => {
  it('with archive all keeps every page read within the bound, and says which page it left out and why', async () => {
    const events: ResearchEvent[] = [];
    let archive: RunArchive | undefined;
    const result = await research(
      {
        ...demoResearchConfig(world),
        question: 'When was the Eiffel Tower completed?',
        archive: 'all',
        archiveMaxMb: 0.1,
      },
      {
        onEvent: (event) => events.push(event),
        onArchive: (made) => {
          archive = made;
        },
      },
    );
    const read = new Set(
      events.flatMap((event) =>
        event.type === 'tool-result' ? (event.sources ?? []).map((source) => source.url) : [],
      ),
    );
    expect(read.has(`${world.pages.origin}/big`)).toBe(true);
    expect(result.archive?.mode).toBe('all');
    expect(result.archive?.bytes).toBeLessThanOrEqual(0.1 * 1024 * 1024);
    expect(result.archive?.dropped).toEqual([{ url: `${world.pages.origin}/big`, reason: 'size_limit' }]);
    expect(result.archive?.pages).toBe(read.size - 1);
    expect(archive?.warc.length).toBe(result.archive?.bytes);
    const warning = events.find((event) => event.type === 'warning' && event.code === 'archive_size_limit');
    expect(warning && 'message' in warning ? warning.message : '').toContain('--archive-max-mb');
  });

  it('with archive off records nothing and leaves references without snapshots', async () => {
    let handed = false;
    const result = await research(
      { ...demoResearchConfig(world), question: 'When was the Eiffel Tower completed?', archive: 'off' },
      {
        onArchive: () => {
          handed = true;
        },
      },
    );
    expect(result.references.length).toBeGreaterThan(0);
    expect(result.references.every((reference) => reference.snapshot === undefined)).toBe(true);
    expect(result.archive).toBeUndefined();
    expect(handed).toBe(false);
  });
});
