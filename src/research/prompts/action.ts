import { z } from 'zod';
import { DEFAULT_RESULTS_PER_QUERY, MAX_QUERIES_PER_STEP, MAX_URLS_PER_STEP } from '../../config/index.js';
import { SUB_QUESTION_INTENTS } from '../../contract/index.js';
import { DEEP_READ_DEPTH, DEEP_READ_LIMIT } from '../../reader/index.js';
import {
  EXPLORE_RESULTS_PER_QUERY,
  MAX_DEEP_READ_DEPTH,
  MAX_DEEP_READ_PAGES,
  MAX_RESULTS_PER_QUERY,
} from '../constants.js';
import type { RunRecords } from '../run/run-records.js';
import type { LoopView } from '../run/step-context.js';
import { languageName } from '../sources/search-plan.js';
import { SEARCH_TIME_RANGES } from '../sources/time-range.js';
import { inlineWebText, UNTRUSTED_NOTICE } from '../text/untrusted.js';
import { computeActionLines, computeActionSchemas } from './compute-action.js';
import {
  dateLine,
  historySection,
  joinSections,
  languageLine,
  notesSection,
  planSection,
  poolSection,
  questionSection,
  sourceIntentLine,
} from './context.js';
import { corpusActionLines, corpusActionSchemas, corpusSection } from './corpus-actions.js';
import { INTENT_GUIDANCE, INTENT_HELP } from './intent-guidance.js';
import { coverageSection, diarySection, readyGateLine } from './steering-sections.js';
import { stepAnalysisSection } from './step-analysis.js';

const intent = z.enum(SUB_QUESTION_INTENTS).describe(INTENT_HELP);

/** How recent search results must be; omitted for no limit. */
const searchTimeRange = z
  .enum(SEARCH_TIME_RANGES)
  .optional()
  .describe(
    'Only results from the last hour, day, week, month or year. Set it when the question is about recent events (today, this week, latest, news) or a freshness check failed. When omitted, the engine chooses one if the question or sub-question names recent events or a recent date, or a freshness check failed.',
  );

/**
 * Search the web with new queries. Lenient on purpose: empty, repeated or surplus queries and an
 * unknown language are clipped by the engine (`planSearch`) with a note, not refused as invalid.
 */
export const searchActionSchema = z.object({
  type: z.literal('search').describe('Search the web.'),
  queries: z
    .array(z.string())
    .describe(
      `1 to ${MAX_QUERIES_PER_STEP} new web search queries, different from the earlier ones: rewrites of the gap in other words, synonyms or angles, each a few keywords.`,
    ),
  timeRange: searchTimeRange,
  language: z
    .string()
    .optional()
    .describe(
      'Language code such as "de", "ja" or "pt-BR" the queries are written in, for a topic local to a place where another language is spoken (its sources are in that language); write the queries in it. Omit to use the run\'s language.',
    ),
  subQuestion: z
    .string()
    .optional()
    .describe('Id of the open sub-question these queries are for, e.g. "q2".'),
  limit: z
    .number()
    .optional()
    .describe(
      `Results to ask per query, 1 to ${MAX_RESULTS_PER_QUERY} (more is clipped). Omit for ${DEFAULT_RESULTS_PER_QUERY} (${EXPLORE_RESULTS_PER_QUERY} for an explore sub-question).`,
    ),
});

/** Read URLs, usually from the pool. */
export const readActionSchema = z.object({
  type: z.literal('read').describe('Read pages.'),
  urls: z
    .array(z.string().min(1))
    .min(1)
    .describe(`1 to ${MAX_URLS_PER_STEP} URLs to read, best first, preferably from the unread URL list.`),
});

/** Read a page and the linked pages matching a pattern. */
export const deepReadActionSchema = z.object({
  type: z.literal('deep-read').describe('Read a page and the pages it links to.'),
  url: z.string().min(1).describe('A page whose linked pages should be read too (docs index, list page).'),
  pattern: z
    .string()
    .describe(
      'Regular expression (RE2 syntax: no backreferences or lookaround) the absolute URLs of links to follow must match, e.g. "/docs/".',
    ),
  depth: z
    .number()
    .optional()
    .describe(
      `Link levels to follow below the page, 1 to ${MAX_DEEP_READ_DEPTH} (more is clipped): 2 also reads the pages the linked pages link to. Omit for ${DEEP_READ_DEPTH}.`,
    ),
  limit: z
    .number()
    .optional()
    .describe(
      `Most pages to read, the page itself included, 1 to ${MAX_DEEP_READ_PAGES} (more is clipped). Omit for ${DEEP_READ_LIMIT}.`,
    ),
});

/** Add and close sub-questions of the checklist. */
export const reflectActionSchema = z.object({
  type: z.literal('reflect').describe('Update the checklist.'),
  addSubQuestions: z
    .array(z.object({ text: z.string().min(1).describe('A new sub-question.'), intent }))
    .describe('Gaps found so far, as new sub-questions.'),
  closeSubQuestions: z
    .array(
      z.object({
        id: z.string().describe('Id of an open sub-question, e.g. "q2".'),
        note: z.string().describe('What answered it; when unanswerable, why the sources cannot answer it.'),
        unanswerable: z
          .boolean()
          .optional()
          .describe('True when the available sources cannot answer it (say why in note).'),
      }),
    )
    .describe(
      'Sub-questions now answered by findings, or that the available sources cannot answer. One without a finding closes only as unanswerable.',
    ),
});

/** Enough is known: the writer answers from the findings. */
export const readyActionSchema = z.object({
  type: z.literal('ready').describe('Ready to answer: the findings cover the question.'),
  reason: z.string().describe('Why the findings are enough to answer the question now.'),
});

/**
 * The older `answer` action, still accepted from models that send it and treated as `ready`: its
 * answer text, if any, is ignored (the writer writes from the findings).
 */
export const legacyAnswerActionSchema = z.object({
  type: z.literal('answer').describe('Older name of ready; prefer ready.'),
  reason: z.string().optional().describe('Why the findings are enough.'),
});

const webActionSchemas = [searchActionSchema, readActionSchema, deepReadActionSchema] as const;
const commonActionSchemas = [reflectActionSchema, readyActionSchema, legacyAnswerActionSchema] as const;

/** Any one action's schema: the union's options, whichever tools a run offers. */
type ActionOptionSchema =
  | (typeof webActionSchemas)[number]
  | (typeof corpusActionSchemas)[number]
  | (typeof computeActionSchemas)[number]
  | (typeof commonActionSchemas)[number];

/**
 * The planner's choice among the `offered` actions and the common ones (reflect, ready), in that
 * order: a discriminated union on `type`, wrapped in an object. Whatever a run offers, the schema's
 * type is the one of every action, so a run's schema is an `actionSchema` and a parsed choice a
 * `ChosenAction`.
 */
function actionChoice(offered: readonly ActionOptionSchema[]) {
  // The common actions come last and are always there, so the union is never empty.
  const [first, ...rest] = [...offered, ...commonActionSchemas];
  if (!first) throw new Error('An action schema needs at least one action.');
  return z.object({
    think: z.string().describe('Brief reasoning: which gap this action closes and why.'),
    action: z.discriminatedUnion('type', [first, ...rest]).describe('The one action to take next.'),
  });
}

/** The planner's choice of next action among every action there is. */
export const actionSchema = actionChoice([
  ...webActionSchemas,
  ...corpusActionSchemas,
  ...computeActionSchemas,
]);

/** The tools a run has: the web's (unless a corpus run without `web`) and its corpora's. */
export interface ActionTools {
  web: boolean;
  /** Ids of the run's corpora; empty for a web-only run. */
  corpusIds: readonly string[];
  /** The compute action is offered (the run has a sandbox); absent or false: not offered. */
  compute?: boolean;
}

/**
 * The schema of each set of tools, made once: every step asks for one, and zod compiles a schema's
 * parser on its first use, so a new schema per step was compiled again per step.
 */
const offeredSchemas = new Map<string, typeof actionSchema>();

/** The action schema offering only the run's tools (a web-only run sees exactly `actionSchema`'s web actions). */
export function actionSchemaFor(tools: ActionTools): typeof actionSchema {
  const corpus = tools.corpusIds.length > 0;
  const key = `${tools.web}|${corpus}|${Boolean(tools.compute)}`;
  let schema = offeredSchemas.get(key);
  if (!schema) {
    schema = actionChoice([
      ...(tools.web ? webActionSchemas : []),
      ...(corpus ? corpusActionSchemas : []),
      ...(tools.compute ? computeActionSchemas : []),
    ]);
    offeredSchemas.set(key, schema);
  }
  return schema;
}

/** The planner's parsed choice. */
export type ActionOutput = z.infer<typeof actionSchema>;
/** One of the actions. */
export type ChosenAction = ActionOutput['action'];
export type SearchAction = z.infer<typeof searchActionSchema>;
export type ReadAction = z.infer<typeof readActionSchema>;
export type DeepReadAction = z.infer<typeof deepReadActionSchema>;
export type ReflectAction = z.infer<typeof reflectActionSchema>;
export type ReadyAction = z.infer<typeof readyActionSchema>;
export type LegacyAnswerAction = z.infer<typeof legacyAnswerActionSchema>;

/** When to search in another language: the run's language, or the topic's own place. */
function searchLanguageHint(run: RunRecords): string {
  const language = run.options.searchLanguage ?? run.options.language;
  const name = language ? languageName(language) : undefined;
  return language
    ? `write queries in ${name ?? language} (language "${language}"), unless the topic is local to a place with another language: then search some queries in that language with its code in language`
    : 'when the topic is local to a place where another language is spoken, also search in that language (queries written in it, its code in language)';
}

/** System prompt of the action choice: the actions, the rules and the untrusted-data notice. */
export function actionSystem(run: RunRecords, tools: ActionTools = { web: true, corpusIds: [] }): string {
  const web = tools.web
    ? [
        `- search: new queries for gaps not covered yet, naming the subQuestion they serve; give rewrites (other words, synonyms, angles), not the same words again; add a timeRange when recency matters (recent events, "this week", "latest", or a failed freshness check); limit asks for up to ${MAX_RESULTS_PER_QUERY} results a query (default ${DEFAULT_RESULTS_PER_QUERY}); ${searchLanguageHint(run)};`,
        '- read: URLs (from the unread list) likely to hold the facts;',
        `- deep-read: a page plus the linked pages matching a pattern, up to depth ${MAX_DEEP_READ_DEPTH} link levels and limit ${MAX_DEEP_READ_PAGES} pages (default ${DEEP_READ_DEPTH} level, ${DEEP_READ_LIMIT} pages);`,
      ]
    : [];
  return [
    `You are a careful ${tools.corpusIds.length > 0 ? '' : 'web '}researcher working through a checklist. Each turn choose ONE action:`,
    ...web,
    ...(tools.corpusIds.length > 0 ? corpusActionLines(tools.corpusIds, tools.web) : []),
    ...(tools.compute ? computeActionLines() : []),
    '- reflect: add sub-questions for gaps, close those the findings answer;',
    '- ready: the findings cover the question; a writer then answers from them, every claim bound to a finding.',
    'Findings are claims with verbatim quotes extracted from the pages and files read; only what they say can be cited.',
    'Never repeat a query or URL listed as already used.',
    INTENT_GUIDANCE,
    UNTRUSTED_NOTICE,
    languageLine(run),
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The question, plan, notes, the findings so far (claims), unread URLs and history, the planner's
 * last steps and the note on the last one, bounded in size.
 */
export function actionPrompt(run: RunRecords, loop: LoopView, findings: string): string {
  return joinSections(
    dateLine(),
    questionSection(run),
    sourceIntentLine(run),
    planSection(run),
    notesSection(run),
    stepAnalysisSection(run),
    findings,
    poolSection(run),
    corpusSection(run, loop),
    historySection(run),
    diarySection(loop),
    coverageSection(run),
    loop.note ? `Note about your last action: ${inlineWebText(loop.note)}` : '',
    readyGateLine(run),
    `Step ${loop.step} of at most ${loop.stepCap}.`,
  );
}
