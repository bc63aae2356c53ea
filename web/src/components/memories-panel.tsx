import type { MemoryUse } from '../../../src/contract/index.js';
import { pathOf } from '../router.js';
import { PageLink } from './page-link.js';

/** "today", "1 day ago", "12 days ago". */
function age(days: number): string {
  if (days === 0) return 'today';
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/**
 * The earlier runs a run drew on, each linked to its page: their findings were the planner's prior
 * knowledge, never cited unless read again. Nothing when the run used none.
 */
export function MemoriesPanel({ memories, onOpen }: { memories: MemoryUse[]; onOpen: (id: string) => void }) {
  if (memories.length === 0) return null;
  return (
    <ul className="memories">
      {memories.map((use) => (
        <li key={use.runId} data-testid="memory-use">
          <PageLink href={pathOf({ page: 'run', id: use.runId })} onOpen={() => onOpen(use.runId)}>
            {use.question}
          </PageLink>{' '}
          <span className="muted">
            {age(use.ageDays)} · {use.findings} finding{use.findings === 1 ? '' : 's'} offered
            {use.staleFindings > 0 ? ` · ${use.staleFindings} too old for this question` : ''}
            {use.followUp ? ' · followed up' : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
