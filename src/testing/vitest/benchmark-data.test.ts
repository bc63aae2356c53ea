import { afterEach, describe, expect, it, vi } from 'vitest';
import { benchmarkData } from './benchmark-data.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('benchmarkData', () => {
  it('says which tests are skipped and where it looked when the data is missing', () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const data = benchmarkData('no-such-data-set/', 'the imaginary tests');
    expect(data.available).toBe(false);
    expect(data.path).toMatch(/\/shared\/benchmark-data\/no-such-data-set\/$/);
    expect(written.join('')).toBe(
      `Skipping the imaginary tests: benchmark data not found at ${data.path} (the shared benchmark-data folder goes next to the repository, in ../shared/).\n`,
    );
  });
});
