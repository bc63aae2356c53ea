import { describe, expect, it } from 'vitest';
import { parseResearchConfig } from '../../config/schemas.js';
import { policyStepFor } from '../loop/default-policy.js';
import { policyQueries } from '../loop/policy-step.js';
import { poolSection } from '../prompts/context.js';
import { createRunRecords } from '../run/run-records.js';
import { clusterCandidates, pickAcrossClusters } from './clusters.js';

/** Search results of one query about heat pumps: three on cost, two on noise, best first. */
const RESULTS = [
  {
    url: 'https://a.example/cost',
    title: 'Heat pump installation cost and price',
    snippet: 'Installation cost ranges widely; price depends on the unit.',
  },
  {
    url: 'https://b.example/price',
    title: 'What a heat pump costs: price guide',
    snippet: 'The price of installation and running cost per year.',
  },
  {
    url: 'https://c.example/prices',
    title: 'Heat pump prices compared',
    snippet: 'Installation price and cost of units compared.',
  },
  {
    url: 'https://d.example/noise',
    title: 'Heat pump noise levels in decibels',
    snippet: 'How loud is the outdoor unit? Noise in decibels at night.',
  },
  {
    url: 'https://e.example/loud',
    title: 'Is a heat pump loud? Noise and neighbours',
    snippet: 'Decibels of the fan noise, and rules for neighbours.',
  },
];
const text = (item: { title: string; snippet: string }) => `${item.title} ${item.snippet}`;

describe('clusterCandidates', () => {
  it('groups results of two topics into two clusters labelled by their words, best first', () => {
    const clusters = clusterCandidates(RESULTS, text);
    expect(clusters.map((cluster) => cluster.members.map((item) => item.url))).toEqual([
      ['https://a.example/cost', 'https://b.example/price', 'https://c.example/prices'],
      ['https://d.example/noise', 'https://e.example/loud'],
    ]);
    expect(clusters[0]?.label).toMatch(/pric|cost|install/);
    expect(clusters[1]?.label).toMatch(/noise|decibel/);
    // Words every result shares ("heat pump") tell no topic apart: they are in no label.
    expect(clusters.map((cluster) => cluster.label).join(' ')).not.toMatch(/heat|pump/);
  });

  it('keeps one cluster for one topic, and none for nothing', () => {
    expect(clusterCandidates(RESULTS.slice(0, 1), text)).toHaveLength(1);
    expect(clusterCandidates([], text)).toEqual([]);
  });

  it('picks across clusters: the best of each topic before the second of one', () => {
    const clusters = clusterCandidates(RESULTS, text);
    expect(pickAcrossClusters(clusters, 3).map((item) => item.url)).toEqual([
      'https://a.example/cost',
      'https://d.example/noise',
      'https://b.example/price',
    ]);
    expect(pickAcrossClusters(clusters, 10)).toHaveLength(5);
  });
});

describe('topics in the planner and the default policy', () => {
  const question = 'What should I know before buying a heat pump?';
  function records() {
    const run = createRunRecords({
      question,
      options: { ...parseResearchConfig({}), question },
      startedAt: Date.now(),
    });
    run.plan.subQuestions = [
      { id: 'q1', text: 'heat pump cost noise', intent: 'explore', status: 'open', perspective: 'p1' },
    ];
    return run;
  }

  it('shows the unread candidates grouped by topic, each with its credibility', () => {
    const run = records();
    run.sources.pool.add(
      RESULTS.map((result) => ({ ...result, provider: 'fake' })),
      'heat pump',
    );
    const section = poolSection(run);
    const topics = section.split('\n').filter((line) => line.startsWith('Topic "'));
    expect(topics).toHaveLength(2);
    expect(topics.join('\n')).toContain('Topic "cost installation price" (3):');
    expect(topics.join('\n')).toContain('Topic "decibels loud noise" (2):');
    expect(section).toContain('| credibility 0.55 unknown: HTTPS');
  });

  it("the default policy's read takes one candidate of each topic", () => {
    const run = records();
    const item = run.plan.subQuestions[0]!;
    // The policy reads what its own searches found.
    for (const query of policyQueries(item)) {
      run.sources.queries.push(query);
      run.sources.pool.add(
        RESULTS.map((result) => ({ ...result, provider: 'fake' })),
        query,
      );
    }
    const step = policyStepFor({ run, tools: { web: true, corpus: false } }, item);
    expect(step?.action.type).toBe('read');
    const urls = step?.action.type === 'read' ? step.action.urls : [];
    const topicOf = (url: string) => (/cost|price/.test(url) ? 'cost' : 'noise');
    expect(urls).toHaveLength(3);
    expect(new Set(urls.slice(0, 2).map(topicOf))).toEqual(new Set(['cost', 'noise']));
  });
});
