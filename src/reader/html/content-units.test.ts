import { describe, expect, it } from 'vitest';
import { cpuClock } from '../../testing/vitest/cpu-clock.js';
import { contentUnitsOf } from './content-units.js';
import { parseDocument } from './parse.js';
import { unitFeaturesOf } from './unit-features.js';

const bodyOf = (html: string) => parseDocument(`<html><body>${html}</body></html>`).querySelector('body')!;

describe('content units', () => {
  it('are the blocks holding no block, and the runs of inline text beside blocks', () => {
    const body = bodyOf(
      '<article><h2>Heading <em>here</em></h2><p>First <a href="/x">linked words</a> paragraph.</p>' +
        'Loose text <b>set</b> between<div><ul><li>One item</li><li>Two <span>items</span></li></ul></div>' +
        '<pre>code\n  kept</pre></article>',
    );
    const units = contentUnitsOf([body.querySelector('article')!]);
    expect(units.map((unit) => [unit.tag, unit.text])).toEqual([
      ['h2', 'Heading here'],
      ['p', 'First linked words paragraph.'],
      ['run', 'Loose text set between'],
      ['li', 'One item'],
      ['li', 'Two items'],
      ['pre', 'code kept'],
    ]);
    expect(units[1]).toMatchObject({ words: 4, linkWords: 2 });
    expect(units[3]).toMatchObject({ inList: true, inTable: false });
    // Removing a unit's nodes removes its words and nothing else.
    for (const node of units[2]!.nodes) node.remove();
    expect(contentUnitsOf([body.querySelector('article')!]).map((unit) => unit.text)).not.toContain(
      'Loose text set between',
    );
    expect(body.textContent).toContain('One item');
  });

  it('walks content nested as deep as the parser allows without growing faster than it', () => {
    const nested = (depth: number) =>
      bodyOf(`${'<div><p>words</p>'.repeat(depth)}${'</div>'.repeat(depth)}`).firstElementChild!;
    const timeOf = (depth: number) => {
      const content = nested(depth);
      const clock = cpuClock();
      const units = contentUnitsOf([content]);
      return { ms: clock.ms(), units: units.length };
    };
    const small = timeOf(50);
    const large = timeOf(500);
    expect(large.units).toBeGreaterThanOrEqual(500);
    // Ten times the depth: a walk that re-read each level's subtree would take a hundred times as long.
    expect(large.ms).toBeLessThan(Math.max(small.ms, 1) * 40 + 200);
  });

  it("describes a hostile page's hundreds of thousands of units without overflowing the stack", () => {
    const [template] = contentUnitsOf([bodyOf('<div><p>a b</p></div>').firstElementChild!]);
    // More than a spread into `Math.min(...)` takes on Node 20 (it threw past ~120,000).
    const units = Array.from({ length: 150_000 }, () => ({ ...template! }));
    const page = { title: 'a', article: true, product: false, discussion: false };
    expect(unitFeaturesOf(units, page)).toHaveLength(150_000);
  });
});
