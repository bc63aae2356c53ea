import type { Source } from '../../reader/types.js';
import { WRITER_MAX_OUTPUT_TOKENS } from '../constants.js';
import { buildReferences } from '../evidence/citations.js';
import { finalAnswerPrompt, finalAnswerSchema, finalAnswerSystem } from '../prompts/final-answer.js';
import { bestDraft, type Draft, type RunState } from '../run-state.js';
import { makeDraft } from './answer.js';
import type { StepContext } from './context.js';

/** Characters of a source's opening used as its quote when no model chose one. */
const OPENING_QUOTE_CHARS = 200;

/** The first sentence of a source (at most 200 characters): a quote that is in it by construction. */
export function openingQuote(source: Source): string {
  const text = source.text
    .slice(0, OPENING_QUOTE_CHARS * 5)
    .replace(/\s+/g, ' ')
    .trim();
  const sentence = text.match(/^.{20,}?[.!?](?=\s|$)/)?.[0] ?? text;
  return sentence.slice(0, OPENING_QUOTE_CHARS).trim();
}

/** Distinct read sources in the order they were read. */
export function readSources(state: RunState): Source[] {
  return [...new Map([...state.sources.values()].map((source) => [source.url, source])).values()];
}

/** Has the writer model write the final answer from the knowledge, after a cap fired. */
export async function writeForcedAnswer(context: StepContext, reason: string): Promise<Draft> {
  const { state } = context;
  const result = await context.llm.generateObject({
    role: 'writer',
    system: finalAnswerSystem(state),
    prompt: finalAnswerPrompt(state, reason),
    schema: finalAnswerSchema,
    schemaName: 'final_answer',
    abortSignal: context.signal,
    maxOutputTokens: WRITER_MAX_OUTPUT_TOKENS,
  });
  const draft = makeDraft(state, result.value);
  state.drafts.push(draft);
  context.emit({
    type: 'answer-draft',
    attempt: draft.attempt,
    answer: draft.answer,
    references: draft.references,
  });
  return draft;
}

/**
 * The answer when no model can write one: the best draft, or else what the read sources say, each
 * with its opening sentence as a verified quote. Undefined when nothing at all was learned.
 */
export function assembleWithoutModel(
  state: RunState,
  reason: string,
): Pick<Draft, 'answer' | 'references'> | undefined {
  const draft = bestDraft(state);
  if (draft) return { answer: draft.answer, references: draft.references };
  const sources = readSources(state).slice(0, state.options.maxReturnedUrls);
  const notes = state.knowledge.items.filter((item) => item.kind === 'qa' || item.kind === 'fact');
  if (sources.length === 0 && notes.length === 0) return undefined;
  const lines = [
    `No answer could be written (${reason}). What the research found for "${state.question}":`,
    '',
    ...notes.map((item) => `- ${item.question ? `${item.question}: ` : ''}${item.content}`),
    ...sources.map((source, index) => `- ${source.title}: "${openingQuote(source)}" [${index + 1}]`),
  ];
  return buildReferences({
    answer: lines.join('\n'),
    cited: sources.map((source) => ({ url: source.url, quote: openingQuote(source) })),
    findSource: (url) => state.sources.get(url),
    rules: state.options,
    maxReturnedUrls: state.options.maxReturnedUrls,
  });
}
