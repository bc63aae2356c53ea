import { SAME_HOST_DECAY } from '../constants.js';

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
 * greedy order is the order of the worths, a sort rather than a scan of what is left per pick
 * (which cost pool² when the whole pool is ranked). For a few picks out of many, only the best
 * `limit` are kept in order.
 */
export function spreadHosts(candidates: HostScores, limit: number): HostPick[] {
  const { hosts, scores } = candidates;
  // Most hosts have one candidate, worth its score: only hosts met again get a list to sort.
  const first = new Map<string, number>();
  const byHost = new Map<string, number[]>();
  const earlier = new Array<number>(scores.length).fill(0);
  const worth = new Array<number>(scores.length).fill(0);
  for (let position = 0; position < hosts.length; position += 1) {
    const host = hosts[position] as string;
    worth[position] = scores[position] ?? 0;
    const met = first.get(host);
    if (met === undefined) first.set(host, position);
    else {
      const members = byHost.get(host);
      if (members) members.push(position);
      else byHost.set(host, [met, position]);
    }
  }
  for (const members of byHost.values()) {
    members.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0) || a - b);
    members.forEach((position, before) => {
      earlier[position] = before;
      worth[position] = (scores[position] ?? 0) * SAME_HOST_DECAY ** before;
    });
  }
  const better = (a: number, b: number) => (worth[b] ?? 0) - (worth[a] ?? 0) || a - b;
  const order = bestInOrder(scores.length, Math.min(limit, scores.length), better);
  return order.map((position) => ({
    position,
    worth: worth[position] ?? 0,
    earlier: earlier[position] ?? 0,
  }));
}

/** The first `count` of positions 0…length-1 in `compare`'s order (a total order). */
function bestInOrder(length: number, count: number, compare: (a: number, b: number) => number): number[] {
  if (count * 4 >= length) {
    const all = Array.from({ length }, (_, position) => position);
    return all.sort(compare).slice(0, count);
  }
  // Few of many (a prompt's candidates out of a large pool): keep the best `count` sorted as we go.
  const best: number[] = [];
  for (let position = 0; position < length; position += 1) {
    const last = best[best.length - 1];
    if (best.length === count && last !== undefined && compare(position, last) >= 0) continue;
    let at = best.length;
    while (at > 0 && compare(position, best[at - 1] as number) < 0) at -= 1;
    best.splice(at, 0, position);
    if (best.length > count) best.pop();
  }
  return best;
}
