import { describe, expect, it } from 'vitest';
import type { ResearchEvent } from '../contract/index.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import type { FakePage } from '../testing/fake-reader.js';
import { createFakeReader } from '../testing/fake-reader.js';
import { createFakeSearch, type FakeSearchResult } from '../testing/fake-search.js';
import { cooperativeObject, cooperativeText, READY } from '../testing/research-fixtures.js';
import { research } from './index.js';

const PLAN = (sourceIntent?: unknown) => ({
  think: 'One thing to find.',
  trivial: false,
  subQuestions: [{ text: 'What does caffeine do to sleep quality?', intent: 'explore' }],
  ...(sourceIntent === undefined ? {} : { sourceIntent }),
});

const NEWS = 'https://dailysleep.example/news/caffeine-sleep-quality';
const BLOG = 'https://coffee.example/blog/sleep';
const PAPER = 'https://sleeplab.example.edu/papers/caffeine';
const RESULTS: FakeSearchResult[] = [
  {
    url: NEWS,
    title: 'Caffeine and sleep quality: how coffee keeps you awake',
    snippet: 'Caffeine late in the day lowers sleep quality.',
  },
  { url: BLOG, title: 'My coffee and my sleep', snippet: 'I drink coffee.' },
  { url: PAPER, title: 'Effects of caffeine on sleep', snippet: 'A randomized trial of evening caffeine.' },
];
const PAGES: Record<string, FakePage> = {
  [NEWS]: {
    title: 'Caffeine and sleep',
    text: 'Evening caffeine shortened total sleep time by about 40 minutes.',
  },
  [PAPER]: {
    title: 'Effects of caffeine on sleep',
    byline: 'A. Researcher',
    publishedAt: '2025-05-01',
    markdown:
      'Evening caffeine shortened total sleep time by about 40 minutes [1].\n\n## References\n\n1. Trial record, doi 10.1000/trial.42',
  },
};

/** Searches, then reads the first URL the planner is shown, then is ready. */
async function run(question: string, sourceIntent?: unknown, finalEvaluation?: () => unknown) {
  const events: ResearchEvent[] = [];
  let firstListed = '';
  let calls: FakeLlmCall[] = [];
  const object = cooperativeObject({
    plan: () => PLAN(sourceIntent),
    ...(finalEvaluation ? { finalEvaluation } : {}),
    action: (step) => {
      if (step === 0)
        return { think: 'Search.', action: { type: 'search', queries: ['caffeine sleep quality'] } };
      if (step === 1) {
        const prompt = calls.filter((call) => call.schemaName === 'next_action').at(-1)?.prompt ?? '';
        firstListed = /^- (https:\/\/\S+) \|/m.exec(prompt)?.[1] ?? '';
        return { think: 'Read the best.', action: { type: 'read', urls: [firstListed] } };
      }
      return { think: 'Done.', action: READY };
    },
  });
  const scripted = createFakeLlm({ object, text: cooperativeText });
  calls = scripted.calls;
  const result = await research(
    { question, breadth: 1, noDirectAnswer: true, maxSteps: 4 },
    {
      llm: scripted,
      searchProviders: [createFakeSearch(RESULTS)],
      reader: createFakeReader(PAGES),
      onEvent: (event) => events.push(event),
    },
  );
  return { result, events, calls: scripted.calls, firstListed: () => firstListed };
}

describe('source credibility and query intent through a run', () => {
  it('reads an academic intent from the question: the planner is shown the paper first, with why and its credibility', async () => {
    const { result, events, calls, firstListed } = await run(
      'What do studies say about caffeine and sleep quality?',
    );
    const plan = events.find((event) => event.type === 'plan');
    expect(plan?.type === 'plan' && plan.intent).toMatchObject({ intent: 'academic', from: 'question' });
    expect(firstListed()).toBe(PAPER);
    const listing = calls.filter((call) => call.schemaName === 'next_action')[1]?.prompt ?? '';
    const paperLine = listing.split('\n').find((line) => line.startsWith(`- ${PAPER} |`)) ?? '';
    expect(paperLine).toContain('academic source, which the question wants (academic)');
    expect(listing).toContain('The question wants academic sources (says "studies"): prefer them');
    expect(paperLine).toMatch(/credibility 0\.\d+ academic: university address \(\.edu\)/);
    // The cited paper carries its credibility in the result (what --json prints and the UI shows).
    const cited = result.references.find((reference) => reference.url === PAPER);
    expect(cited?.credibility).toMatchObject({ kind: 'academic' });
    expect(cited?.credibility?.reasons).toEqual(
      expect.arrayContaining(['author named', 'dated', 'cites a DOI']),
    );
    expect(cited?.credibility?.score).toBeGreaterThan(0.9);
  });

  it("takes the planner's sourceIntent when the words show none, and reads a garbage one as none", async () => {
    const question = 'What does caffeine do to sleep quality?';
    const official = await run(question, 'official');
    const plan = official.events.find((event) => event.type === 'plan');
    expect(plan?.type === 'plan' && plan.intent).toMatchObject({ intent: 'official', from: 'plan' });
    const garbage = await run(question, '<script>academic</script>');
    const garbagePlan = garbage.events.find((event) => event.type === 'plan');
    expect(garbagePlan?.type === 'plan' && garbagePlan.intent?.intent).toBe('none');
    expect(garbage.result.status).not.toBe('failed');
    // Without an academic intent the news page, first in search and most relevant, comes first.
    expect(garbage.firstListed()).toBe(NEWS);
  });

  it('bounds the final source quality by the credibility of what the answer cites', async () => {
    const flattering = () => ({
      scores: { relevance: 10, accuracy: 10, completeness: 10, sourceQuality: 10 },
      strengths: ['Great sources.'],
      weaknesses: [],
      recommendations: [],
    });
    const { result, calls } = await run('What does caffeine do to sleep quality?', 'none', flattering);
    // It read the news page (credibility 0.65: news, HTTPS, no author): source quality at most 7.
    const cited = result.references[0];
    expect(cited?.url).toBe(NEWS);
    expect(cited?.credibility?.score).toBe(0.65);
    expect(result.evaluation?.scores.sourceQuality).toBe(7);
    expect(result.evaluation?.scores.relevance).toBe(10);
    const grading = calls.find((call) => call.schemaName === 'final_evaluation')?.prompt ?? '';
    expect(grading).toContain('credibility 0.65 news: news path (/news/), HTTPS, no author named');
  });
});
