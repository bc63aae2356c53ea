import { describe, expect, it } from 'vitest';
import { holdUntilExit, releaseProcessResources } from './process-resources.js';

describe('process resources', () => {
  it('releases each registered resource once, however often it was registered, and forgets it', async () => {
    const released: string[] = [];
    const pool = async () => {
      released.push('pool');
    };
    const browser = async () => {
      released.push('browser');
    };
    holdUntilExit(pool);
    holdUntilExit(browser);
    holdUntilExit(pool);
    await releaseProcessResources();
    expect(released.sort()).toEqual(['browser', 'pool']);
    await releaseProcessResources();
    expect(released).toHaveLength(2);
  });
});
