import { describe, expect, it } from 'vitest';
import { statusLabel } from './format.js';

describe('statusLabel', () => {
  it('words a run status as the terminal and the exports do', () => {
    expect(statusLabel('needs_input')).toBe('waiting for input');
    expect(statusLabel('best_effort')).toBe('best effort');
    expect(statusLabel('completed')).toBe('completed');
  });

  it("words another state (a judge's grade) with its underscores as spaces", () => {
    expect(statusLabel('not_attempted')).toBe('not attempted');
  });
});
