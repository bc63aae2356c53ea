import { seededRandom } from '../shared/index.js';
import {
  cooperativeStepAnalysis,
  cooperativeWriting,
  sentencesOf,
  sourceBlocks,
} from './cooperative-replies.js';
import { createFakeLlm, type FakeLlm, type FakeLlmCall } from './fake-llm.js';
import type { FakePage } from './fake-reader.js';
import type { FakeSearchResult } from './fake-search.js';
import { honestEvaluationReply, honestFinalEvaluation } from './honest-evaluator.js';
import { honestVerdicts } from './honest-judge.js';

/**
 * A world whose first search results deceive: for each sub-question ("What is the height of the
 * tower?") a lexical search engine ranks first the pages that use its words most, on-topic guides
 * that never state the figure, and only then the registry pages that do, in other words. How many
 * guides there are is drawn per sub-question, so for some the registry pages are within the first
 * results and for others they are not. A model asked for other formulations proposes three, one of
 * which uses the registry's words, in an order drawn per sub-question: it does not know which one
 * works. The fixture says what is true (`facts`): a finding is true when it states its topic's figure.
 */
export interface DeceptiveWorld {
  question: string;
  plan: { think: string; trivial: false; subQuestions: { text: string; intent: string }[] };
  pages: Record<string, FakePage>;
  search: (request: { query: string }) => FakeSearchResult[];
  /** The figure each topic's registry pages state: the oracle of the findings. */
  facts: Map<string, number>;
  /** The formulations the model proposes for each topic, in its order. */
  formulations: Map<string, string[]>;
}

const TOPICS = ['height', 'weight', 'rivets', 'steps', 'paint', 'lamps', 'lifts', 'girders'];
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Results the search engine returns for a query at most, like one page of a real engine. */
const RESULTS_PER_QUERY = 10;

/** Words a search engine ignores. */
const STOP_WORDS = new Set(['what', 'which', 'this', 'that', 'with', 'about', 'their', 'there']);
/** The words of a text a search engine indexes, with how often each occurs. */
function termsOf(text: string): Map<string, number> {
  const terms = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[a-z]{4,}/g) ?? [])
    if (!STOP_WORDS.has(word)) terms.set(word, (terms.get(word) ?? 0) + 1);
  return terms;
}

/**
 * Draws a world of `topics` sub-questions. Each has `deceptive` guides (drawn from the range; 0:
 * a world where the first results answer) and three registry pages.
 */
export function deceptiveWorld(options: {
  seed: number;
  topics?: number;
  deceptive?: readonly [number, number];
}): DeceptiveWorld {
  const next = seededRandom(options.seed);
  const [fewest, most] = options.deceptive ?? [4, 14];
  const names = TOPICS.slice(0, options.topics ?? 3);
  const pages: Record<string, FakePage> = {};
  const facts = new Map<string, number>();
  const formulations = new Map<string, string[]>();
  for (const topic of names) {
    const guides = fewest + Math.floor(next() * (most - fewest + 1));
    for (let index = 0; index < guides; index += 1) {
      const letter = LETTERS[index] ?? 'Z';
      pages[`https://guides.example/${topic}-${letter.toLowerCase()}`] = {
        title: `Tower ${topic} guide ${letter}`,
        text: `Everything about the ${topic} of the tower, in guide ${letter}. Visitors often ask what the ${topic} of the tower is, and this guide collects their questions about the tower ${topic}.`,
      };
    }
    const figure = 100 + Math.floor(next() * 9000);
    facts.set(topic, figure);
    for (const letter of ['A', 'B', 'C']) {
      pages[`https://registry.example/${topic}-${letter.toLowerCase()}`] = {
        title: `Registry record ${letter}: ${topic}`,
        text: `The registry lists the ${topic} of the tower as ${figure} units, a measurement recorded by the engineers.`,
      };
    }
    const proposed = [
      `${topic} registry measurement`,
      `tower ${topic} guide`,
      `${topic} of the tower visitors ask`,
    ];
    formulations.set(
      topic,
      [...proposed].sort(() => next() - 0.5),
    );
  }
  const entries = Object.entries(pages).map(([url, page]) => ({
    url,
    page,
    terms: termsOf(`${page.title} ${page.text}`),
  }));
  return {
    question: 'What are the figures of the tower?',
    plan: {
      think: `${names.length} figures.`,
      trivial: false,
      subQuestions: names.map((topic) => ({ text: `What is the ${topic} of the tower?`, intent: 'related' })),
    },
    pages,
    facts,
    formulations,
    // A lexical engine: pages matching more of the query's words first, then those repeating them most.
    search: (request) => {
      const query = [...termsOf(request.query).keys()];
      return entries
        .map((entry, order) => ({
          entry,
          order,
          matched: query.filter((word) => entry.terms.has(word)).length,
          repeats: query.reduce((sum, word) => sum + (entry.terms.get(word) ?? 0), 0),
        }))
        .filter((item) => item.matched > 0)
        .sort((a, b) => b.matched - a.matched || b.repeats - a.repeats || a.order - b.order)
        .slice(0, RESULTS_PER_QUERY)
        .map(({ entry }) => ({
          url: entry.url,
          title: entry.page.title ?? entry.url,
          snippet: entry.page.text?.slice(0, 80) ?? '',
        }));
    },
  };
}

/** Whether a finding's claim states a topic's true figure. */
export function trueFinding(world: DeceptiveWorld, claim: string): boolean {
  return [...world.facts].some(([topic, figure]) => claim.includes(topic) && claim.includes(String(figure)));
}

/** An honest extractor: only sentences that state a figure are findings, for the sub-question of their topic. */
function figureFindings(prompt: string) {
  const subQuestions = [...prompt.matchAll(/^- (q\d+) \([^)]*\): (.*)$/gm)].map((match) => ({
    id: match[1] ?? 'q1',
    text: (match[2] ?? '').toLowerCase(),
  }));
  const findings = sourceBlocks(prompt).flatMap((block) =>
    sentencesOf(block.text)
      .filter((sentence) => /\d/.test(sentence))
      .map((sentence) => {
        const item = subQuestions.find((candidate) =>
          TOPICS.some((topic) => candidate.text.includes(topic) && sentence.includes(topic)),
        );
        return { source: block.id, subQuestion: item?.id ?? 'q1', claim: sentence, quotes: [sentence] };
      }),
  );
  return { findings };
}

/** Tokens of a call as a provider would count them: its prompt at 4 characters a token, and its output. */
function tokensOf(call: FakeLlmCall): number {
  const output = call.kind === 'text' ? 300 : call.schemaName === 'branch_queries' ? 60 : 150;
  return Math.ceil((call.system.length + call.prompt.length) / 4) + output;
}

/** The model of the deceptive world: honest findings, judge and evaluator, the world's formulations. */
export function deceptiveModel(world: DeceptiveWorld): FakeLlm {
  const object = (call: FakeLlmCall): unknown => {
    switch (call.schemaName) {
      case 'plan':
        return world.plan;
      case 'findings':
        return figureFindings(call.prompt);
      case 'branch_queries': {
        const topic = [...world.formulations.keys()].find((name) =>
          new RegExp(`Sub-question \\S+: .*\\b${name}\\b`).test(call.prompt),
        );
        return { think: 'Other words.', queries: topic ? (world.formulations.get(topic) ?? []) : [] };
      }
      case 'claim_verdicts':
        return honestVerdicts(call.prompt);
      case 'critique':
        return { think: 'Fine.', gaps: [], weakClaims: [] };
      case 'revisions':
        return { revisions: [] };
      case 'step_analysis':
        return cooperativeStepAnalysis(call.prompt);
      case 'evaluation_checks':
        return { think: 'x', definitive: true, freshness: false, plurality: false, completeness: false };
      case 'evaluation':
        return honestEvaluationReply(call.prompt);
      case 'final_evaluation':
        return honestFinalEvaluation(call.prompt);
      default:
        return {
          think: 'Nothing.',
          action: { type: 'ready', reason: 'Done.' },
          notes: [],
          recap: '',
          blame: '',
          improvement: '',
        };
    }
  };
  return createFakeLlm({
    object,
    text: (call) => cooperativeWriting(call.system, call.prompt),
    tokensPerCall: tokensOf,
  });
}
