import type { ComputeRequest, ComputeSandbox } from '../compute/index.js';
import { createFakeLlm, type FakeLlm, type FakeLlmCall } from './fake-llm.js';
import type { FakePage } from './fake-reader.js';
import type { FakeSearchResult } from './fake-search.js';
import { cooperativeObject } from './research-fixtures.js';

/** A question whose answer needs a percentage change of two figures found on two pages. */
export const COMPUTE_QUESTION = 'By how much did visits to the city museum change from 2022 to 2023?';

const BEFORE_QUOTE = 'The city museum recorded 120,000 visits in 2022.';
const AFTER_QUOTE = 'The city museum recorded 150,000 visits in 2023.';

/** The two pages, one figure each. */
export const COMPUTE_PAGES: Record<string, FakePage> = {
  'https://example.com/museum-2022': {
    title: 'Museum annual report 2022',
    text: `The museum reopened its east wing in spring.\n\n${BEFORE_QUOTE}`,
  },
  'https://example.org/museum-2023': {
    title: 'Museum annual report 2023',
    text: `A new café opened by the entrance.\n\n${AFTER_QUOTE}`,
  },
};

/** Search results naming both pages. */
export const COMPUTE_RESULTS: FakeSearchResult[] = Object.entries(COMPUTE_PAGES).map(([url, page]) => ({
  url,
  title: page.title ?? url,
  snippet: (page.text ?? '').slice(0, 60),
}));

/** The program a cooperative planner writes: the percentage change of F1's figure to F2's. */
export const PERCENT_CHANGE_PROGRAM =
  'const before = inputs.F1.numbers[0];\nconst after = inputs.F2.numbers[0];\nreturn ((after - before) / before * 100).toFixed(1) + "%";';

/** The answer of a writer that cites the computed value as computed (F3 is the computation). */
export const COMPUTED_ANSWER =
  'The city museum recorded 120,000 visits in 2022 [F1] and 150,000 visits in 2023 [F2]. Visits to the city museum rose by 25.0% [F3].';

/** The same answer with the computed value misstated (27.5% where the program gave 25.0%). */
export const MISSTATED_ANSWER = COMPUTED_ANSWER.replace('25.0%', '27.5%');

/** Settings of `computeResearcher`. */
export interface ComputeResearcherOptions {
  /** Programs the planner runs, one compute step each, after reading both pages (F1, F2). */
  programs: readonly string[];
  /** What the writer writes (default `COMPUTED_ANSWER`). */
  answer?: string;
  /** The findings the programs take (default F1 and F2). */
  inputs?: readonly string[];
  /**
   * Programs by question, for a model several runs share (a server's): a run whose question starts
   * with a key runs those programs instead of `programs`. Each question counts its own steps.
   */
  programsFor?: Readonly<Record<string, readonly string[]>>;
}

/**
 * A scripted model for a compute run: plan one sub-question, read both pages (the extractor finds
 * F1 and F2, one figure each), run each program on F1 and F2, then ready; the writer writes
 * `answer`; the judge, evaluator and revisions are the honest fixtures' (no revision offered).
 */
export function computeResearcher(options: ComputeResearcherOptions): FakeLlm {
  const steps = new Map<string, number>();
  const action = (prompt: string): unknown => {
    const key = Object.keys(options.programsFor ?? {}).find((question) => prompt.includes(question)) ?? '';
    const step = steps.get(key) ?? 0;
    steps.set(key, step + 1);
    const programs = options.programsFor?.[key] ?? options.programs;
    if (step === 0)
      return { think: 'Read both reports.', action: { type: 'read', urls: Object.keys(COMPUTE_PAGES) } };
    const program = programs[step - 1];
    if (program === undefined)
      return { think: 'Done.', action: { type: 'ready', reason: 'Both figures and the change are known.' } };
    return {
      think: 'Compute the change from the two figures.',
      action: {
        type: 'compute',
        purpose: 'percentage change of visits from 2022 to 2023',
        inputs: [...(options.inputs ?? ['F1', 'F2'])],
        program,
        subQuestion: 'q1',
      },
    };
  };
  const findings = (call: FakeLlmCall) => {
    const blocks = [...call.prompt.matchAll(/<source [^>]*id="(\d+)"[^>]*>([\s\S]*?)<\/source>/g)];
    const sourceOf = (quote: string) => Number(blocks.find((block) => block[2]?.includes(quote))?.[1] ?? 1);
    return {
      findings: [
        {
          source: sourceOf(BEFORE_QUOTE),
          subQuestion: 'q1',
          claim: 'The city museum recorded 120,000 visits in 2022.',
          quotes: [BEFORE_QUOTE],
        },
        {
          source: sourceOf(AFTER_QUOTE),
          subQuestion: 'q1',
          claim: 'The city museum recorded 150,000 visits in 2023.',
          quotes: [AFTER_QUOTE],
        },
      ],
    };
  };
  const cooperative = cooperativeObject({
    plan: () => ({
      think: 'Two figures and their change.',
      trivial: false,
      subQuestions: [
        { text: 'How many visits did the city museum record in 2022 and 2023?', intent: 'fact-check' },
      ],
    }),
    findings,
  });
  return createFakeLlm({
    object: (call) => (call.schemaName === 'next_action' ? action(call.prompt) : cooperative(call)),
    text: () => options.answer ?? COMPUTED_ANSWER,
  });
}

/** A sandbox that records every program it runs before handing it to `inner`. */
export function recordingSandbox(
  inner: ComputeSandbox,
): ComputeSandbox & { programs: string[]; requests: ComputeRequest[] } {
  const programs: string[] = [];
  const requests: ComputeRequest[] = [];
  return {
    language: inner.language,
    limits: inner.limits,
    programs,
    requests,
    run(request) {
      programs.push(request.program);
      requests.push(request);
      return inner.run(request);
    },
  };
}
