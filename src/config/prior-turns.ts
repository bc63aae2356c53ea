import { z } from 'zod';
import {
  MAX_PRIOR_CITATION_CHARS,
  MAX_PRIOR_TURN_CHARS,
  MAX_PRIOR_TURN_CITATIONS,
  MAX_PRIOR_TURNS,
} from './constants.js';
import { expectedWords } from './values.js';

const offset = z
  .number(expectedWords('a character offset'))
  .int(expectedWords('a whole character offset'))
  .min(0, expectedWords('a character offset of 0 or more'));

/** A source an earlier answer cited, as its client sent it (an OpenAI `url_citation` annotation). */
const priorCitation = z
  .object({
    url: z
      .string(expectedWords('a URL'))
      .max(
        MAX_PRIOR_CITATION_CHARS,
        expectedWords(`a URL of at most ${MAX_PRIOR_CITATION_CHARS} characters`),
      ),
    title: z
      .string(expectedWords('a title'))
      .max(
        MAX_PRIOR_CITATION_CHARS,
        expectedWords(`a title of at most ${MAX_PRIOR_CITATION_CHARS} characters`),
      )
      .optional(),
    /** Where in the answer the citation is attached (its `[n]` marker or the words it backs). */
    start: offset.optional(),
    end: offset.optional(),
  })
  .strict();

/**
 * One earlier assistant turn of a conversation: the answer as the client sent it back (markdown,
 * its links and footnotes included) and the citations it carried. It is the client's claim, never
 * evidence: the run reads its sources again and keeps only what they still say.
 */
export const priorTurnSchema = z
  .object({
    answer: z
      .string(expectedWords('the text of an earlier answer'))
      .max(MAX_PRIOR_TURN_CHARS, expectedWords(`an answer of at most ${MAX_PRIOR_TURN_CHARS} characters`)),
    citations: z
      .array(priorCitation, expectedWords('a list of citations'))
      .max(MAX_PRIOR_TURN_CITATIONS, expectedWords(`at most ${MAX_PRIOR_TURN_CITATIONS} citations`))
      .default([]),
  })
  .strict();

/** The earlier turns of a run's conversation, oldest first. */
export const priorTurnsSchema = z
  .array(priorTurnSchema, expectedWords('a list of earlier answers'))
  .max(MAX_PRIOR_TURNS, expectedWords(`at most ${MAX_PRIOR_TURNS} earlier answers`));

/** An earlier turn as validated. */
export type PriorTurn = z.output<typeof priorTurnSchema>;
/** An earlier turn as a caller passes it (`citations` may be left out). */
export type PriorTurnInput = z.input<typeof priorTurnSchema>;
