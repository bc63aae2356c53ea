import {
  cooperativeBranchQueries,
  cooperativeCritique,
  cooperativeFindings,
  cooperativeOutline,
  cooperativeStepAnalysis,
  cooperativeWriting,
} from './cooperative-replies.js';
import { createFakeLlm, type FakeLlm, type FakeLlmCall } from './fake-llm.js';
import type { FakePage } from './fake-reader.js';
import type { FakeSearchResult } from './fake-search.js';
import { evaluationReply, honestEvaluationReply, honestFinalEvaluation } from './honest-evaluator.js';
import { honestVerdicts } from './honest-judge.js';

/** Pages the fake reader serves in engine tests. */
export const PAGES: Record<string, FakePage> = {
  'https://example.com/eiffel': {
    title: 'Eiffel Tower facts',
    text: 'The Eiffel Tower is a wrought-iron lattice tower in Paris.\n\nThe tower is 330 metres tall and was completed in 1889.',
  },
  'https://example.org/paris': {
    title: 'Paris landmarks',
    text: 'Paris has many landmarks for visitors.\n\nThe Eiffel Tower was designed by the company of Gustave Eiffel.',
  },
  'https://example.net/history': {
    title: 'Tower history',
    text: 'Construction began in 1887, two years before opening.\n\nIt was the tallest man-made structure until 1930.',
  },
  'https://example.edu/extra': { title: 'Extra', text: 'An extra page about towers in general.' },
};

/** Search results the fake search returns for any query. */
export const RESULTS: FakeSearchResult[] = [
  {
    title: 'Eiffel Tower facts',
    url: 'https://example.com/eiffel',
    snippet: 'The tower is 330 metres tall.',
  },
  { title: 'Paris landmarks', url: 'https://example.org/paris', snippet: 'Landmarks of Paris.' },
  {
    title: 'Tower history',
    url: 'https://example.net/history',
    snippet: 'Construction began in 1887, two years before opening.',
  },
];

export const QUESTION = 'How tall is the Eiffel Tower?';

/** A plan of the height alone, for tests whose findings all answer it. */
export const HEIGHT_PLAN = {
  think: 'Need the height.',
  trivial: false,
  subQuestions: [{ text: 'What is the height of the Eiffel Tower?', intent: 'fact-check' }],
};

export const PLAN = {
  think: 'Need the height.',
  trivial: false,
  subQuestions: [
    { text: 'What is the height of the Eiffel Tower?', intent: 'fact-check' },
    { text: 'When was the tower completed?', intent: 'related' },
  ],
};

/** The planner says the findings are enough. */
export const READY = { type: 'ready', reason: 'The findings give the height.' };

/** A finding of the Eiffel page whose quote is on the page. */
export const HEIGHT_FINDING = {
  source: 1,
  subQuestion: 'q1',
  claim: 'The Eiffel Tower is 330 metres tall.',
  quotes: ['The tower is 330 metres tall and was completed in 1889.'],
};

export const CHECKS = {
  think: 'A height.',
  definitive: true,
  freshness: false,
  plurality: false,
  completeness: false,
};
export const PASS = { think: 'Good.', pass: true, improvement: '' };
export const FAIL = { think: 'Not good enough.', pass: false, improvement: 'Be more specific.' };

/** A planner that searches, reads the top result, then says it is ready. */
export function cooperativeActions(step: number): unknown {
  if (step === 0)
    return { think: 'Search first.', action: { type: 'search', queries: ['eiffel tower height'] } };
  if (step === 1)
    return { think: 'Read it.', action: { type: 'read', urls: ['https://example.com/eiffel'] } };
  return { think: 'I know it.', action: READY };
}

/** What each kind of call of a cooperative model answers; a test overrides the ones it is about. */
/** The clarifier's usual reply: the question is clear enough. */
export const NO_QUESTIONS = { think: 'The question is clear.', questions: [] };

export interface CooperativeOverrides {
  /** The clarifier's reply with `clarify` (default: no questions). */
  clarify?: (call: FakeLlmCall, count: number) => unknown;
  /** The critique before the answer (default: no gaps). */
  critique?: (count: number) => unknown;
  /** The plan (default PLAN: two sub-questions). */
  plan?: () => unknown;
  action?: (step: number) => unknown;
  /** One check's verdict, asked for each check of the batched evaluation (default: the honest evaluator's). */
  check?: (check: string, attempt: number) => object;
  /** The final evaluation's reply (default: the honest evaluator's scores of what it is shown). */
  finalEvaluation?: (call: FakeLlmCall) => unknown;
  findings?: (call: FakeLlmCall, count: number) => unknown;
  verdicts?: (call: FakeLlmCall, count: number) => unknown;
  revisions?: (call: FakeLlmCall, count: number) => unknown;
  outline?: (call: FakeLlmCall, count: number) => unknown;
  /** The analysis of the steps after a rejected answer (default: `cooperativeStepAnalysis`). */
  stepAnalysis?: (call: FakeLlmCall, count: number) => unknown;
}

/**
 * Replies of a cooperative model for every object schema the engine asks for: it judges claims and
 * evaluates answers honestly (`honestVerdicts`, `honestEvaluationReply`, `honestFinalEvaluation`)
 * unless a test overrides them.
 */
export function cooperativeObject(overrides: CooperativeOverrides = {}) {
  const counts = new Map<string, number>();
  return (call: FakeLlmCall): unknown => {
    const name = call.schemaName ?? '';
    const count = counts.get(name) ?? 0;
    counts.set(name, count + 1);
    if (name === 'plan') return overrides.plan ? overrides.plan() : PLAN;
    if (name === 'clarify') return overrides.clarify ? overrides.clarify(call, count) : NO_QUESTIONS;
    if (name === 'next_action') return (overrides.action ?? cooperativeActions)(count);
    if (name === 'findings')
      return overrides.findings ? overrides.findings(call, count) : cooperativeFindings(call.prompt);
    if (name === 'claim_verdicts')
      return overrides.verdicts ? overrides.verdicts(call, count) : honestVerdicts(call.prompt);
    if (name === 'revisions')
      return overrides.revisions ? overrides.revisions(call, count) : { revisions: [] };
    if (name === 'report_outline')
      return overrides.outline ? overrides.outline(call, count) : cooperativeOutline(call.prompt);
    if (name === 'overflow_notes') return { notes: [] };
    if (name === 'critique') return overrides.critique ? overrides.critique(count) : cooperativeCritique();
    if (name === 'step_analysis')
      return overrides.stepAnalysis
        ? overrides.stepAnalysis(call, count)
        : cooperativeStepAnalysis(call.prompt);
    if (name === 'branch_queries') return cooperativeBranchQueries(call.prompt);
    if (name === 'evaluation_checks') return CHECKS;
    if (name === 'evaluation') {
      const { check: scripted } = overrides;
      return scripted
        ? evaluationReply((check) => scripted(check, count))
        : honestEvaluationReply(call.prompt);
    }
    if (name === 'final_evaluation')
      return overrides.finalEvaluation ? overrides.finalEvaluation(call) : honestFinalEvaluation(call.prompt);
    return new Error(`unexpected schema ${name}`);
  };
}

/** Text of a cooperative writer: a sentence per finding, citing it, some in other words. */
export function cooperativeText(call: FakeLlmCall): string {
  return cooperativeWriting(call.system, call.prompt);
}

/**
 * A cooperative fake model that plans `HEIGHT_PLAN` and records its structured calls in `calls`;
 * its writer adds `writerAdds` to the answer (a writer repeating what it was not shown as evidence).
 */
export function heightResearcher(options: {
  calls: FakeLlmCall[];
  writerAdds?: string | undefined;
  /** The extractor's replies, in place of the cooperative ones. */
  findings?: (call: FakeLlmCall, count: number) => unknown;
}): FakeLlm {
  const cooperative = cooperativeObject({
    plan: () => HEIGHT_PLAN,
    ...(options.findings ? { findings: options.findings } : {}),
  });
  return createFakeLlm({
    object: (call) => {
      options.calls.push(call);
      return cooperative(call);
    },
    text: (call) => {
      const text = cooperativeText(call);
      return call.role === 'writer' && options.writerAdds ? `${text}\n\n${options.writerAdds}` : text;
    },
  });
}
