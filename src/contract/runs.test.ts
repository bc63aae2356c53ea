import { describe, expect, it } from 'vitest';
import { isFinalRunStatus, isLive, RUN_STATUSES } from './runs.js';

describe('run statuses', () => {
  it('calls only queued, running and waiting runs live, and every other status final', () => {
    expect(RUN_STATUSES.filter(isLive)).toEqual(['queued', 'running', 'needs_input']);
    for (const status of RUN_STATUSES) expect(isLive(status)).toBe(!isFinalRunStatus(status));
  });
});
