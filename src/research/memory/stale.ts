import type { RememberedFinding, RunMemory } from '../../contract/index.js';
import { withinTimeRange } from '../../search/index.js';
import type { SearchWindow } from '../sources/search-window.js';

/**
 * Whether a remembered finding is older than the window the question asks for: its source's date
 * falls before it, or the run that found it ended before it (a page read then says nothing of
 * since). Without a window nothing is stale; an undated finding is dated by its run.
 */
export function isStale(
  finding: RememberedFinding,
  memory: Pick<RunMemory, 'createdAt'>,
  window: SearchWindow | undefined,
  now: Date,
): boolean {
  if (!window) return false;
  return (
    !withinTimeRange(finding.publishedAt, window.range, now) ||
    !withinTimeRange(memory.createdAt, window.range, now)
  );
}
