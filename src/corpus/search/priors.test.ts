import { describe, expect, it } from 'vitest';
import { RANKING_WEIGHTS } from '../constants.js';
import type { CodeQuery } from './code-query.js';
import { type FileFacts, priorOf } from './priors.js';

const query: CodeQuery = {
  terms: new Map([
    ['concaten', 1],
    ['modul', 1],
    ['scope', 1],
  ]),
  named: new Map(),
  asks: { tests: false, docs: false },
};

function file(nameParts: string[]): FileFacts {
  return { role: 'source', entry: false, centrality: 0, nameParts };
}

describe('priorOf', () => {
  const weights = { ...RANKING_WEIGHTS, fileName: 1 };

  it('raises a file named after what the query asks, by the share of its name the query holds', () => {
    const named = priorOf({ file: file(['modul', 'concaten', 'plugin']), defines: 0, query, weights });
    const other = priorOf({ file: file(['chunk', 'graph']), defines: 0, query, weights });
    expect(named / other).toBeCloseTo(1 + 2 / 3);
    expect(priorOf({ file: file(['scope']), defines: 0, query, weights }) / other).toBeCloseTo(2);
  });

  it('leaves file names alone at weight 0', () => {
    const off = { ...weights, fileName: 0 };
    const named = priorOf({ file: file(['modul', 'concaten']), defines: 0, query, weights: off });
    expect(named).toBe(priorOf({ file: file([]), defines: 0, query, weights: off }));
  });
});
