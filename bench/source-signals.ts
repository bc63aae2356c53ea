/**
 * What the source signals cost per planner step: reranking the pool (credibility of every
 * candidate included) and grouping the shown candidates by topic run before every planner call,
 * and the default policy clusters all of a sub-question's candidates. Prints the median and worst
 * time of each for 15, 60 and 200 candidates (titles and snippets of a few topics), and the
 * credibility of a documentation page with references next to a content-farm page.
 * Usage: npx tsx bench/source-signals.ts
 */
import { clusterCandidates } from '../src/research/sources/clusters.js';
import { scoreCredibility } from '../src/research/sources/credibility.js';
import { rerankCandidates } from '../src/research/sources/rerank.js';
import { createUrlPool } from '../src/research/sources/url-pool.js';

const TOPICS = [
  ['installation cost', 'price of the unit and installation cost per year'],
  ['noise levels', 'decibels of the outdoor fan at night and rules for neighbours'],
  ['efficiency in winter', 'coefficient of performance below freezing and defrost cycles'],
  ['subsidies', 'government grants and tax credits for replacing a gas boiler'],
  ['maintenance', 'filters, refrigerant checks and service intervals'],
];
const ROUNDS = 50;

function candidates(count: number) {
  const pool = createUrlPool({ boostHosts: [], excludeHosts: [], onlyHosts: [] });
  pool.add(
    Array.from({ length: count }, (_, index) => {
      const [topic, words] = TOPICS[index % TOPICS.length] ?? ['', ''];
      return {
        url: `https://site${index}.example/${index % 3 === 0 ? 'docs' : 'blog'}/heat-pump-${index}`,
        title: `Heat pump ${topic} ${index}`,
        snippet: `What to know about heat pump ${words}.`,
        provider: 'bench',
      };
    }),
    'heat pump',
  );
  return pool.ranked();
}

function time(call: () => unknown): string {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    call();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `median ${(times[Math.floor(times.length / 2)] ?? 0).toFixed(2)} ms, worst ${(times.at(-1) ?? 0).toFixed(2)} ms`;
}

for (const count of [15, 60, 200]) {
  const entries = candidates(count);
  const signals = {
    needs: [{ id: 'q1', text: 'heat pump cost noise efficiency' }],
    question: 'What do studies say about heat pumps?',
    citedHosts: new Set<string>(),
    intent: { intent: 'academic' as const, from: 'question' as const, reason: 'says "studies"' },
  };
  const ranked = rerankCandidates(entries, signals);
  const clusters = clusterCandidates(ranked, ({ entry }) => `${entry.title} ${entry.snippet}`);
  console.log(
    `${String(count).padStart(3)} candidates  rerank: ${time(() => rerankCandidates(entries, signals))}  topics: ${time(() => clusterCandidates(ranked, ({ entry }) => `${entry.title} ${entry.snippet}`))}  (${clusters.length} topics: ${clusters.map((cluster) => `"${cluster.label}" ${cluster.members.length}`).join(', ')})`,
  );
}

const docs = scoreCredibility({
  url: 'https://docs.example.org/guide/configuration',
  page: {
    byline: 'The maintainers',
    publishedAt: '2026-03-01',
    text: 'Text [1].\n\n## References\n\n1. Notes',
  },
});
const farm = scoreCredibility({
  url: 'https://best-heat-pump-deals.example/top-10-best-heat-pumps-you-need-to-buy-this-year',
  title: 'Top 10 best heat pumps',
  page: {
    text: 'Buy now.',
    links: ['https://shop.example/a?tag=x', 'https://shop.example/b?tag=x', 'https://shop.example/c?tag=x'],
  },
});
console.log(`documentation page with references: ${docs.score} (${docs.reasons.join(', ')})`);
console.log(`content-farm page: ${farm.score} (${farm.reasons.join(', ')})`);
