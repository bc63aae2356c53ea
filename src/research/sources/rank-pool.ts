import { rerankTerms } from './candidate-facts.js';
import {
  createWeigher,
  normalizedRelevance,
  placeWorth,
  type RankedCandidate,
  type RerankSignals,
  WEIGHT,
} from './candidate-weigher.js';
import { spreadHosts } from './host-spread.js';
import type { PoolCandidates, PoolHost, PoolSlot } from './pool-candidates.js';

/**
 * The hosts a question names among a pool's hosts, per host list (a pool's only grows): each host
 * is asked once while the question stays the same, not every host at every ranking.
 */
const named = new WeakMap<readonly PoolHost[], { question: string; checked: number; hosts: string[] }>();

function hostsNamed(
  hosts: readonly PoolHost[],
  question: string,
  namesSite: (facts: PoolHost) => boolean,
): readonly string[] {
  let known = named.get(hosts);
  if (known?.question !== question) {
    known = { question, checked: 0, hosts: [] };
    named.set(hosts, known);
  }
  for (; known.checked < hosts.length; known.checked += 1) {
    const host = hosts[known.checked] as PoolHost;
    if (namesSite(host)) known.hosts.push(host.host);
  }
  return known.hosts;
}

/**
 * Sums of the same terms in another order differ by far less: a bound this close to the last
 * pick's worth is walked past rather than trusted.
 */
const ROUNDING = 1e-9;

interface Weighed {
  slot: PoolSlot;
  position: number;
  score: number;
}

/** The best `count` of `weighed` after the host spread, by their index in `weighed` (sorted by position). */
function picksOf(weighed: Weighed[], count: number) {
  weighed.sort((a, b) => a.position - b.position);
  return spreadHosts(
    { hosts: weighed.map(({ slot }) => slot.facts.host), scores: weighed.map(({ score }) => score) },
    count,
  );
}

/**
 * `rerankCandidates` of the pool's unread candidates, weighing only those that can be picked. A
 * candidate that matches no open need, is on no cited or named host and that recency does not lift
 * is worth its place and its fixed worth (`placeWorth`, `fixedWorth`; with the intent's weight as
 * room when the question has one). Those others are weighed first; then the pool's order and its
 * order by fixed worth are walked side by side, weighing each candidate met, until no candidate
 * left in both can be worth the last pick's worth among those weighed (the threshold algorithm):
 * a candidate that is not weighed is worth less than the last pick and cannot take a pick's place
 * or change its host's count before it. The picks, scores and reasons are those of weighing all.
 */
export function rankPool(pool: PoolCandidates, signals: RerankSignals, limit: number): RankedCandidate[] {
  const count = Math.min(limit, pool.size);
  if (count <= 0) return [];
  const relevance = normalizedRelevance(
    pool.postings.scores(signals.needs.map((need) => rerankTerms(need.text))),
    signals.needs,
  );
  const weigher = createWeigher(signals);
  const placed = (slot: PoolSlot, position: number) => {
    const matched = relevance.get(slot);
    return { position, relevance: matched?.relevance ?? 0, need: matched?.need };
  };
  // A set, not an array of one flag per slot: the candidates weighed are a few dozen of thousands.
  const seen = new Set<PoolSlot>();
  const weighed: Weighed[] = [];
  const visit = (slot: PoolSlot) => {
    if (slot.read || seen.has(slot)) return;
    seen.add(slot);
    const position = pool.positionOf(slot);
    weighed.push({ slot, position, score: weigher.weigh(slot.entry, slot.facts, placed(slot, position)) });
  };
  for (const slot of relevance.keys()) visit(slot);
  for (const host of signals.citedHosts) for (const slot of pool.onHost(host)) visit(slot);
  for (const host of hostsNamed(pool.hosts, signals.question, weigher.namesSite))
    for (const slot of pool.onHost(host)) visit(slot);
  if (signals.timeRange) for (const slot of pool.dated) visit(slot);

  const room = weigher.wantsKind ? WEIGHT.intent : 0;
  const { byScore, byFixed } = pool;
  let inScore = 0;
  let inFixed = 0;
  let position = 0;
  let check = Math.max(count, 16);
  for (let steps = 0; ; steps += 1) {
    while (byScore[inScore]?.read) inScore += 1;
    while (byFixed[inFixed]?.read) inFixed += 1;
    const byPlace = byScore[inScore];
    const byWorth = byFixed[inFixed];
    // Both lists hold every unread slot: when one runs out, every one was weighed.
    if (!byPlace || !byWorth) break;
    if (steps >= check) {
      check *= 2;
      const bound = Math.max(0, placeWorth(position) + byWorth.fixed + room);
      const picks = picksOf(weighed, count);
      const last = picks.length === count ? picks[count - 1] : undefined;
      if (last && bound + ROUNDING < last.worth) break;
    }
    visit(byPlace);
    visit(byWorth);
    inScore += 1;
    inFixed += 1;
    position += 1;
  }

  return picksOf(weighed, count).map(({ position: at, worth, earlier }) => {
    const { slot, position: place } = weighed[at] as Weighed;
    const reasons: string[] = [];
    weigher.weigh(slot.entry, slot.facts, placed(slot, place), reasons);
    if (earlier > 0) reasons.push(`${earlier} more from ${slot.facts.host} above`);
    return { entry: slot.entry, score: worth, reasons, credibility: slot.facts.credibility };
  });
}
