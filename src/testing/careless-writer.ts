import { cooperativeResearcher, requestParts } from './cooperative-researcher.js';
import type { FakeChatRequest } from './fake-llm-server.js';

/** How a careless writer gets its answer wrong (the ways small models do). */
export const WRITER_FAULTS = ['misstate-figure', 'cite-nothing', 'contradict'] as const;

/** One way a careless writer gets its answer wrong. */
export type WriterFault = (typeof WRITER_FAULTS)[number];

/** The sentence the `cite-nothing` writer adds to every answer: a figure and a cost no source gives. */
export const UNCITED_SENTENCE = 'It is repainted every 7 years at a cost of 4 million euros.';

/** A figure of running text (never one of a `[F1]` marker): `1889`, `7,300`. */
const FIGURE = /(?<![\w,.])(\d{1,3}(?:,\d{3})+|\d+)(?![\w\]])/;

/** The verb a `contradict` writer negates. */
const VERB = /\b(is|was|were|are|has|had)\b/;

/**
 * The answer with the fault made in its first sentence that allows it: `misstate-figure` adds 10
 * to the first figure (1889 → 1899), `contradict` negates the first verb ("was" → "was not"),
 * `cite-nothing` adds `UNCITED_SENTENCE`. An answer with nothing to spoil is returned as it is.
 */
export function spoilAnswer(answer: string, fault: WriterFault): string {
  if (fault === 'cite-nothing') return `${answer.trimEnd()} ${UNCITED_SENTENCE}`;
  if (fault === 'contradict') return answer.replace(VERB, '$1 not');
  return answer.replace(FIGURE, (figure) => String(Number(figure.replace(/,/g, '')) + 10));
}

/**
 * A fake model that researches like `cooperativeResearcher` (or `base`) but whose writer makes
 * `fault` in every answer, report section and forced answer it writes, and ignores the feedback to
 * revise it (it proposes no revision). For end-to-end tests that a surface shows such a claim as
 * unsupported instead of verified.
 */
export function carelessWriter(
  fault: WriterFault,
  base: (request: FakeChatRequest) => string = cooperativeResearcher,
): (request: FakeChatRequest) => string {
  return (request) => {
    const reply = base(request);
    const { system, properties } = requestParts(request);
    const writes = properties === undefined && !system.includes('needs no research');
    return writes ? spoilAnswer(reply, fault) : reply;
  };
}
