import {
  cooperativeBranchQueries,
  cooperativeFindings,
  cooperativeStepAnalysis,
  cooperativeWriting,
} from './cooperative-replies.js';
import { cooperativeResearcher, requestParts } from './cooperative-researcher.js';
import { createFakeLlm, type FakeLlm, type FakeLlmCall, type FakeLlmOptions } from './fake-llm.js';
import type { FakeChatRequest } from './fake-llm-server.js';
import type { FakePage } from './fake-reader.js';
import type { FakeSearchResult } from './fake-search.js';
import { honestEvaluationReply } from './honest-evaluator.js';
import { honestVerdicts } from './honest-judge.js';

/**
 * The tower world: a question with one sub-question per topic, three agreeing pages per topic and a
 * search that finds them, and a fake model that researches it diligently (engine tests of breadth and
 * resume, `bench/breadth.ts`, `bench/memory.ts`). Every reply is a function of the prompt alone, so
 * a run resumed from its events meets the same model it had.
 */
export interface TowerWorld {
  question: string;
  /** The planner's plan: one sub-question per topic. */
  plan: { think: string; trivial: false; subQuestions: { text: string; intent: string }[] };
  pages: Record<string, FakePage>;
  /** A search finds the three pages of the topic its query names, and nothing else. */
  search: (request: { query: string }) => FakeSearchResult[];
}

/** The topics of the worlds, in order: a world of n topics has the first n. */
const TOPICS = ['height', 'designer', 'construction', 'visitors', 'paint', 'lifts', 'lights', 'restaurant'];

/** A world of `topics` sub-questions (1 to 8; default 4). */
export function towerWorld(topics = 4): TowerWorld {
  const names = TOPICS.slice(0, Math.max(1, Math.min(TOPICS.length, topics)));
  const pages: Record<string, FakePage> = {};
  for (const topic of names) {
    // The pages agree: their facts are told apart by a letter, not a number, which the conflict
    // check would read as three values of one quantity.
    for (const [index, register] of ['A', 'B', 'C'].entries()) {
      pages[`https://${topic}${index + 1}.example/tower`] = {
        title: `Tower ${topic} ${index + 1}`,
        text: `The tower ${topic} fact of register ${register} is recorded in the Paris archive.\n\nAnother tower ${topic} detail of register ${register} was published in 1889.`,
      };
    }
  }
  return {
    question: 'What should a visitor know about the Eiffel Tower?',
    plan: {
      think: `${names.length} angles.`,
      trivial: false,
      subQuestions: names.map((topic) => ({
        text: `What is known about the tower ${topic}?`,
        intent: 'related',
      })),
    },
    pages,
    search: (request) => {
      const topic = names.find((name) => request.query.toLowerCase().includes(name));
      if (!topic) return [];
      return Object.entries(pages)
        .filter(([url]) => url.includes(`//${topic}`))
        .map(([url, page]) => ({ url, title: page.title ?? url, snippet: `About the tower ${topic}.` }));
    },
  };
}

/** The text of a prompt's `<name>` block. */
const section = (prompt: string, name: string) =>
  new RegExp(`<${name}>\\n([\\s\\S]*?)\\n</${name}>`).exec(prompt)?.[1] ?? '';

/**
 * A diligent planner: the first sub-question its coverage shows uncovered is searched by its
 * words, then its unread candidates are read; ready once every one is covered.
 */
function plannerAction(world: TowerWorld, prompt: string) {
  const open = [...section(prompt, 'coverage').matchAll(/^- (q\d+) \([^)]*\): (.*)$/gm)]
    .filter((match) => !(match[2] ?? '').endsWith('covered'))
    .map((match) => match[1] ?? '');
  const item = world.plan.subQuestions[Number((open[0] ?? 'q0').slice(1)) - 1];
  if (!item)
    return { think: 'Covered.', action: { type: 'ready', reason: 'Every sub-question is covered.' } };
  const topic = item.text.split(' ').at(-1)?.replace('?', '') ?? '';
  const unread = section(prompt, 'unread-urls')
    .split('\n')
    .map((line) => line.replace(/^- /, '').split(' | ')[0]?.trim() ?? '')
    // A page of the topic, whether at its own host (`https://height1.example/…`) or served under
    // its name from 127.0.0.1 (`http://127.0.0.1:…/height1/…`, see `towerResearcher`).
    .filter((url) => url.includes(`/${topic}`));
  if (unread.length > 0) return { think: 'Read.', action: { type: 'read', urls: unread.slice(0, 3) } };
  return { think: 'Search.', action: { type: 'search', queries: [item.text], subQuestion: open[0] } };
}

/** What the tower world's model answers to a structured call. */
function towerObject(world: TowerWorld, call: FakeLlmCall): unknown {
  switch (call.schemaName) {
    case 'plan':
      return world.plan;
    case 'next_action':
      return plannerAction(world, call.prompt);
    case 'findings':
      return cooperativeFindings(call.prompt);
    case 'claim_verdicts':
      return honestVerdicts(call.prompt);
    case 'critique':
      return { think: 'Fine.', gaps: [], weakClaims: [] };
    case 'revisions':
      return { revisions: [] };
    case 'branch_queries':
      return cooperativeBranchQueries(call.prompt);
    case 'step_analysis':
      return cooperativeStepAnalysis(call.prompt);
    case 'evaluation_checks':
      return { think: 'x', definitive: true, freshness: false, plurality: false, completeness: true };
    case 'evaluation':
      return honestEvaluationReply(call.prompt);
    case 'final_evaluation':
      return {
        scores: { relevance: 9, accuracy: 9, completeness: 8, sourceQuality: 8 },
        strengths: [],
        weaknesses: [],
        recommendations: [],
      };
    default:
      return { notes: [] };
  }
}

/** Options of the tower world's model: its latency and how it counts tokens (see `FakeLlmOptions`). */
export interface TowerModelOptions extends Pick<FakeLlmOptions, 'tokensPerCall' | 'tokensSpent'> {
  /** Milliseconds each call waits, drawn anew for every call (default: none). */
  latency?: () => number;
}

/**
 * The fake model of the tower world: the plan, the diligent planner, cooperative findings and
 * writing, the honest judge and evaluator.
 */
export function towerModel(world: TowerWorld, options: TowerModelOptions = {}): FakeLlm {
  const wait = async () => {
    const milliseconds = options.latency?.() ?? 0;
    if (milliseconds > 0) await new Promise((resolve) => setTimeout(resolve, milliseconds));
  };
  return createFakeLlm({
    object: async (call) => {
      await wait();
      return towerObject(world, call);
    },
    text: async (call) => {
      await wait();
      return cooperativeWriting(call.system, call.prompt);
    },
    ...(options.tokensPerCall === undefined ? {} : { tokensPerCall: options.tokensPerCall }),
    ...(options.tokensSpent === undefined ? {} : { tokensSpent: options.tokensSpent }),
  });
}

/**
 * The tower world's model behind the fake model server (`startFakeLlmServer`'s script), for the
 * end-to-end tests: the plan and the diligent planner of `towerModel`, the cooperative researcher's
 * replies to every other call.
 */
export function towerResearcher(world: TowerWorld): (request: FakeChatRequest) => string {
  return (request) => {
    const { prompt, properties } = requestParts(request);
    if (properties && 'subQuestions' in properties) return JSON.stringify(world.plan);
    if (properties && 'action' in properties) return JSON.stringify(plannerAction(world, prompt));
    return cooperativeResearcher(request);
  };
}
