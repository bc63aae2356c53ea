import { describe, expect, it } from 'vitest';
import { closestName } from './closest-name.js';

describe('closestName', () => {
  it('reads two swapped letters as one slip, so "modle" means model, not mode', () => {
    expect(closestName('modle', ['mode', 'model', 'maxSteps'])).toBe('model');
    expect(closestName('mdoel', ['mode', 'model'])).toBe('model');
  });

  it('still finds a dropped, added or replaced letter', () => {
    expect(closestName('maxStep', ['maxSteps', 'model'])).toBe('maxSteps');
    expect(closestName('searxngUrk', ['searxngUrl', 'search'])).toBe('searxngUrl');
  });

  it('names nothing when two names are as near, or none is near', () => {
    expect(closestName('cat', ['bat', 'hat'])).toBeUndefined();
    expect(closestName('xyzzy', ['model', 'mode'])).toBeUndefined();
  });
});
