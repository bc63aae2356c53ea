import type { MemoryUse } from '../../../src/contract/index.js';
import { pathOf } from '../router.js';
import { PageLink } from './page-link.js';

/** "today", "1 day ago", "12 days ago". */
function age(days: number): string {
  if (days === 0) return 'today';
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/**
 * The earlier runs a run drew on: their findings were the planner's prior knowledge, never cited
 * unless read again. Each is linked to its page when the server keeps that run (`kept`); a memory
 * whose run is not kept (one made on the command line) is named without a link, saying so.
 * Nothing when the run used none.
 */
export function MemoriesPanel({
  memories,
  kept,
  onOpen,
}: {
  memories: MemoryUse[];
  /** Whether each remembered run opens here (`useKeptRuns`); absent while unknown: no link yet. */
  kept: ReadonlyMap<string, boolean>;
  onOpen: (id: string) => void;
}) {
  if (memories.length === 0) return null;
  return (
    <ul className="memories">
      {memories.map((use) => (
        <li key={use.runId} data-testid="memory-use">
          {kept.get(use.runId) ? (
            <PageLink href={pathOf({ page: 'run', id: use.runId })} onOpen={() => onOpen(use.runId)}>
              {use.question}
            </PageLink>
          ) : (
            <span>{use.question}</span>
          )}{' '}
          <span className="muted">
            {age(use.ageDays)} · {use.findings} finding{use.findings === 1 ? '' : 's'} offered
            {use.staleFindings > 0 ? ` · ${use.staleFindings} too old for this question` : ''}
            {use.followUp ? ' · followed up' : ''}
            {kept.get(use.runId) === false
              ? ' · its run is not kept here (a command-line run keeps only its memory)'
              : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
