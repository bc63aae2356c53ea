import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../shared/index.js';
import { SAME_HOST_DECAY } from '../constants.js';
import { type HostPick, spreadHosts } from './host-spread.js';

/**
 * The greedy as its definition reads: every pick scans all candidates left, each worth its score
 * times the decay for every pick of its host so far, and takes the highest (the earlier on a tie).
 */
function greedy(hosts: readonly string[], scores: readonly number[], limit: number): HostPick[] {
  const left = new Set(hosts.keys());
  const picked = new Map<string, number>();
  const picks: HostPick[] = [];
  while (left.size > 0 && picks.length < limit) {
    let best: HostPick | undefined;
    for (const position of left) {
      const earlier = picked.get(hosts[position] as string) ?? 0;
      const worth = (scores[position] as number) * SAME_HOST_DECAY ** earlier;
      if (!best || worth > best.worth) best = { position, worth, earlier };
    }
    const chosen = best as HostPick;
    left.delete(chosen.position);
    picked.set(hosts[chosen.position] as string, chosen.earlier + 1);
    picks.push(chosen);
  }
  return picks;
}

describe('spreadHosts', () => {
  it('picks what the greedy of decayed scores picks, in its order, for few and for all of many', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const random = seededRandom(seed);
      const length = 1 + Math.floor(random() * 300);
      // Few hosts and scores from a short list: many candidates share a host, many scores tie, and a
      // decayed score meets a plain one (1 × 0.6 and 0.6).
      const hosts = Array.from(
        { length },
        () =>
          ['', 'a.example', 'b.example', `h${Math.floor(random() * 40)}`][Math.floor(random() * 4)] as string,
      );
      const scores = Array.from(
        { length },
        () => [0, 0.2, 0.5, 0.6, 1, 1.3][Math.floor(random() * 6)] as number,
      );
      for (const limit of [1, 3, 15, Math.ceil(length / 2), length, Number.POSITIVE_INFINITY]) {
        expect(spreadHosts({ hosts, scores }, limit)).toEqual(greedy(hosts, scores, limit));
      }
    }
  });

  it('takes, on a tie at the last place, the earlier candidate even when its plain score only meets a decayed one', () => {
    // b's 0.6 ties a's second page (1 × 0.6) for the second place, and comes first.
    const picks = spreadHosts({ hosts: ['b.example', 'a.example', 'a.example'], scores: [0.6, 1, 1] }, 2);
    expect(picks.map((pick) => pick.position)).toEqual([1, 0]);
  });

  it('gives nothing for no candidates or no room', () => {
    expect(spreadHosts({ hosts: [], scores: [] }, 15)).toEqual([]);
    expect(spreadHosts({ hosts: ['a'], scores: [1] }, 0)).toEqual([]);
  });
});
