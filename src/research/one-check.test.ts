/**
 * One relational check everywhere: findings at extraction, answers, forced answers, reports and
 * earlier answers read again all go through `checkClaimAgainstQuotes`, with the question and what
 * the reader already knows (the answer's earlier sentences, the page's title) as context. The judge
 * says yes to everything here, so only the engine's check can refuse a sentence.
 */
import { describe, expect, it } from 'vitest';
import type { ResearchEvent, ResearchResult } from '../contract/index.js';
import { sourceBlocks } from '../testing/cooperative-replies.js';
import { createFakeLlm, type FakeLlmCall } from '../testing/fake-llm.js';
import { createFakeReader, type FakePage } from '../testing/fake-reader.js';
import { createFakeSearch } from '../testing/fake-search.js';
import { yesVerdicts } from '../testing/oracle-judge.js';
import { type CooperativeOverrides, cooperativeObject, READY } from '../testing/research-fixtures.js';
import { research } from './index.js';
import type { ResearchOptions } from './types.js';

const MASTHEAD = 'https://example.com/masthead';
const TOWER = 'https://example.com/tower';
/** A page that writes the publisher's title where an earlier answer wrote his surname. */
const JOINING = 'https://example.com/joining';
const PAGES: Record<string, FakePage> = {
  [MASTHEAD]: {
    title: 'Thomas K. Arnold, publisher',
    text: "Thomas K. Arnold is the publisher of Media Play News.\n\nIn 1991 the Publisher joined Video Store Magazine, Home Media's predecessor.",
  },
  [JOINING]: {
    title: 'Home Media history',
    text: "In 1991 the Publisher joined Video Store Magazine, Home Media's predecessor.",
  },
  [TOWER]: {
    title: 'The tower',
    text: 'The tower is 330 metres high, and its foundations go 15 metres deep.',
  },
};
const PUBLISHER = 'Thomas K. Arnold is the publisher of Media Play News.';
const JOINED = "In 1991 the Publisher joined Video Store Magazine, Home Media's predecessor.";
const HEIGHT = 'The tower is 330 metres high, and its foundations go 15 metres deep.';
const QUESTION = 'Who publishes Media Play News, and how high is the tower?';
const PLAN = {
  think: 'One question.',
  trivial: false,
  subQuestions: [{ text: QUESTION, intent: 'explore' }],
};

/** Each page's findings as given, on the page the extractor was shown first. */
function findingsOf(claims: readonly { page: string; claim: string; quote: string }[]) {
  return (call: FakeLlmCall) => ({
    findings: claims.flatMap((item) => {
      const block = sourceBlocks(call.prompt).find((source) => source.url === item.page);
      return block ? [{ source: block.id, subQuestion: 'q1', claim: item.claim, quotes: [item.quote] }] : [];
    }),
  });
}

async function run(
  options: {
    findings: { page: string; claim: string; quote: string }[];
    answer: string;
    overrides?: CooperativeOverrides;
    /** The pages the planner reads (default: the masthead and the tower). */
    urls?: string[];
  } & Partial<ResearchOptions>,
) {
  const { findings, answer, overrides, urls = [MASTHEAD, TOWER], ...researchOptions } = options;
  const events: ResearchEvent[] = [];
  const llm = createFakeLlm({
    object: cooperativeObject({
      plan: () => PLAN,
      action: (step) =>
        step === 0 ? { think: 'Read.', action: { type: 'read', urls } } : { think: 'Done.', action: READY },
      findings: findingsOf(findings),
      verdicts: (call) => yesVerdicts(call.prompt),
      ...overrides,
    }),
    text: () => answer,
  });
  const result = await research(
    { question: QUESTION, minSupport: 0, noDirectAnswer: true, maxSteps: 4, ...researchOptions },
    {
      llm,
      searchProviders: [createFakeSearch([])],
      reader: createFakeReader(PAGES),
      onEvent: (event) => events.push(event),
    },
  );
  return { result, events };
}

const unsupported = (result: ResearchResult) => result.claims.unsupported.map((claim) => claim.text);
const body = (result: ResearchResult) => (result.answer.split(/could not be verified/i)[0] ?? '').trim();

describe('one relational check everywhere', () => {
  it('reads a surname in an answer as the person its earlier sentence named in full', async () => {
    const { result } = await run({
      findings: [
        { page: MASTHEAD, claim: PUBLISHER, quote: PUBLISHER },
        { page: MASTHEAD, claim: 'In 1991 the Publisher joined Video Store Magazine.', quote: JOINED },
      ],
      answer: `${PUBLISHER.replace(/\.$/, '')} [F1]. In 1991 Arnold joined Video Store Magazine [F2].`,
    });
    expect(unsupported(result)).toEqual([]);
    expect(body(result)).toContain('In 1991 Arnold joined Video Store Magazine [2].');
  });

  it('checks a finding at extraction with the page title as what its reader knows', async () => {
    const claim = 'In 1991 Arnold joined Video Store Magazine.';
    const { events } = await run({
      findings: [{ page: MASTHEAD, claim, quote: JOINED }],
      answer: 'Arnold joined a magazine.',
    });
    const dropped = events.filter(
      (event) => event.type === 'warning' && event.code === 'unsupported_finding',
    );
    expect(dropped).toEqual([]);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'finding', finding: expect.objectContaining({ claim }) }),
    );
  });

  it('drops a finding at extraction whose figure its quote binds to another dimension', async () => {
    const { events } = await run({
      findings: [{ page: TOWER, claim: "The tower's foundations go 330 metres deep.", quote: HEIGHT }],
      answer: 'The tower is tall.',
    });
    const warning = events.find((event) => event.type === 'warning' && event.code === 'unsupported_finding');
    expect(warning?.type === 'warning' && warning.message).toContain('foundations go 330 metres deep');
  });

  const relationalAnswer = 'The tower stands 330 metres high [F1]. The foundations go 330 metres deep [F1].';
  const towerFinding = [{ page: TOWER, claim: 'The tower is 330 metres high.', quote: HEIGHT }];

  it('withholds a sentence a quote binds otherwise from a forced answer, when a cap ends the run', async () => {
    const { result } = await run({
      findings: towerFinding,
      answer: relationalAnswer,
      maxSteps: 3,
      overrides: { check: () => ({ think: 'No.', pass: false, improvement: 'More.' }) },
    });
    expect(result.status).toBe('best_effort');
    expect(unsupported(result)).toEqual(['The foundations go 330 metres deep.']);
    expect(body(result)).toContain('The tower stands 330 metres high [1].');
  });

  it('withholds it from a report, section by section', async () => {
    const { result } = await run({ findings: towerFinding, answer: relationalAnswer, report: true });
    expect(unsupported(result)).toContain('The foundations go 330 metres deep.');
    expect(body(result)).not.toContain('330 metres deep');
  });

  it('reads an earlier answer’s claim again with the sentences before it as its context', async () => {
    const { events } = await run({
      findings: [{ page: TOWER, claim: 'The tower is 330 metres high.', quote: HEIGHT }],
      answer: 'The tower stands 330 metres high [F1].',
      urls: [JOINING, TOWER],
      priorTurns: [
        {
          answer: `${PUBLISHER} In 1991 Arnold joined Video Store Magazine [1].\n\n[1]: ${JOINING} "Joining"`,
        },
      ],
      memory: false,
    });
    const dropped = events.filter(
      (event) => event.type === 'warning' && event.code === 'prior_source_dropped',
    );
    expect(dropped).toEqual([]);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'observation',
        text: expect.stringContaining('still says what earlier answer 1 claimed'),
      }),
    );
  });
});
