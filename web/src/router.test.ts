import { describe, expect, it } from 'vitest';
import { parseRoute, pathOf } from './router.js';

describe('routes', () => {
  it('reads a copied run link back into the same run', () => {
    const path = pathOf({ page: 'run', id: 'run 1/a' });
    expect(path).toBe('/runs/run%201%2Fa');
    expect(parseRoute(path)).toEqual({ page: 'run', id: 'run 1/a' });
  });

  it('maps the dashboard and falls back to home for unknown paths', () => {
    expect(parseRoute('/dashboard')).toEqual({ page: 'dashboard' });
    expect(parseRoute('/nothing/here')).toEqual({ page: 'home' });
    expect(pathOf({ page: 'home' })).toBe('/');
  });

  it('maps the eval list and an eval summary', () => {
    expect(parseRoute('/evals')).toEqual({ page: 'evals' });
    expect(pathOf({ page: 'evals' })).toBe('/evals');
    expect(parseRoute(pathOf({ page: 'eval', id: 'a1b2c3' }))).toEqual({ page: 'eval', id: 'a1b2c3' });
  });
});
