import type { SourceCredibility } from '../../contract/index.js';
import { SAME_HOST_DECAY } from '../constants.js';
import type { PoolEntry } from './url-pool.js';

/** A scored candidate before host diversity is applied. */
export interface HostScoredCandidate {
  entry: PoolEntry;
  /** Its host ('' when none): candidates of one host share one penalty. */
  host: string;
  score: number;
  reasons: string[];
  credibility: SourceCredibility;
}

/** A candidate in its final place: its score after the host penalty, and why it ranks there. */
export interface SpreadCandidate {
  entry: PoolEntry;
  score: number;
  reasons: string[];
  credibility: SourceCredibility;
}

/**
 * The best `limit` candidates when each earlier pick from the same host multiplies a candidate's
 * score by `SAME_HOST_DECAY`, picked greedily: the highest adjusted score first, the earlier
 * candidate on a tie. A host's candidates are picked best first, so its k-th (from 0) is worth
 * score × decay^k whenever it is picked, and these worths only fall from one to the next: the
 * greedy order is the order of the worths, a sort rather than a scan of what is left per pick
 * (which cost pool² when the whole pool is ranked).
 */
export function spreadHosts(candidates: readonly HostScoredCandidate[], limit: number): SpreadCandidate[] {
  const byHost = new Map<string, number[]>();
  candidates.forEach((candidate, position) => {
    const members = byHost.get(candidate.host);
    if (members) members.push(position);
    else byHost.set(candidate.host, [position]);
  });
  const before = new Array<number>(candidates.length).fill(0);
  const worth = new Array<number>(candidates.length).fill(0);
  for (const members of byHost.values()) {
    members.sort((a, b) => (candidates[b]?.score ?? 0) - (candidates[a]?.score ?? 0) || a - b);
    members.forEach((position, earlier) => {
      before[position] = earlier;
      worth[position] = (candidates[position]?.score ?? 0) * SAME_HOST_DECAY ** earlier;
    });
  }
  const order = candidates.map((_, position) => position);
  order.sort((a, b) => (worth[b] ?? 0) - (worth[a] ?? 0) || a - b);
  return order.slice(0, limit).map((position) => {
    const candidate = candidates[position] as HostScoredCandidate;
    const earlier = before[position] ?? 0;
    const reasons =
      earlier > 0
        ? [...candidate.reasons, `${earlier} more from ${candidate.host} above`]
        : candidate.reasons;
    return {
      entry: candidate.entry,
      score: worth[position] ?? 0,
      reasons,
      credibility: candidate.credibility,
    };
  });
}
