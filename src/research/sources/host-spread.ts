import { SAME_HOST_DECAY } from '../constants.js';
import { bestFirst } from './best-first.js';

/** Candidates' hosts ('' when none) and scores before the host penalty, by position. */
export interface HostScores {
  hosts: readonly string[];
  scores: readonly number[];
}

/** A pick: the candidate's position, its score after the host penalty, and how many of its host came before. */
export interface HostPick {
  position: number;
  worth: number;
  earlier: number;
}

/**
 * The best `limit` candidates when each earlier pick from the same host multiplies a candidate's
 * score by `SAME_HOST_DECAY`, picked greedily: the highest adjusted score first, the earlier
 * candidate on a tie. A host's candidates are picked best first, so its k-th (from 0) is worth
 * score × decay^k whenever it is picked, and these worths only fall from one to the next: the
 * greedy order is the order of the worths. Candidates are taken best score first (the earlier on a
 * tie), which makes each the k-th of its host as it comes; once `limit` are kept, a candidate whose
 * score is below the last kept worth cannot enter, nor can any after it (worth ≤ score), so the
 * rest of the pool is never sorted or grouped by host.
 */
export function spreadHosts(candidates: HostScores, limit: number): HostPick[] {
  const { hosts, scores } = candidates;
  const count = Math.min(limit, scores.length);
  const kept: HostPick[] = [];
  if (count <= 0) return kept;
  const score = (position: number) => scores[position] ?? 0;
  const byScore = bestFirst(scores.length, (a, b) => score(a) > score(b) || (score(a) === score(b) && a < b));
  const better = (a: HostPick, b: HostPick) =>
    a.worth > b.worth || (a.worth === b.worth && a.position < b.position);
  const taken = new Map<string, number>();
  for (let position = byScore.peek(); position !== undefined; position = byScore.peek()) {
    const last = kept[kept.length - 1];
    if (kept.length === count && last && score(position) < last.worth) break;
    byScore.take();
    const host = hosts[position] as string;
    const earlier = taken.get(host) ?? 0;
    taken.set(host, earlier + 1);
    const pick = { position, worth: score(position) * SAME_HOST_DECAY ** earlier, earlier };
    if (kept.length === count && last && !better(pick, last)) continue;
    // Kept in order: a pick that enters goes in at its place, and the last one falls out past `limit`.
    let at = kept.length;
    while (at > 0 && better(pick, kept[at - 1] as HostPick)) at -= 1;
    kept.splice(at, 0, pick);
    if (kept.length > count) kept.pop();
  }
  return kept;
}
