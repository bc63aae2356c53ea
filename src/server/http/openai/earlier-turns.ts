import { z } from 'zod';
import {
  MAX_PRIOR_CITATION_CHARS,
  MAX_PRIOR_TURN_CHARS,
  MAX_PRIOR_TURN_CITATIONS,
  MAX_PRIOR_TURNS,
  type PriorTurn,
} from '../../../config/index.js';

const offset = z.number().int().min(0).optional().catch(undefined);
const citationFields = {
  url: z.string().min(1).max(MAX_PRIOR_CITATION_CHARS),
  title: z.string().optional().catch(undefined),
  start_index: offset,
  end_index: offset,
};

/**
 * A `url_citation` annotation as clients send an answer back: nested under `url_citation` (chat
 * completions) or flat (the Responses API's `output_text` parts). Anything else is no citation.
 */
const urlCitation = z.union([
  z.object({ type: z.literal('url_citation'), url_citation: z.object(citationFields) }),
  z.object({ type: z.literal('url_citation'), ...citationFields }),
]);

/** An assistant message of the conversation: its text and the annotations it came with. */
export interface AssistantTurn {
  text: string;
  annotations?: readonly unknown[] | null | undefined;
}

/** Removes `<think>…</think>` blocks (progress our own streams put in `content` with `think_in_content`). */
export function withoutThinking(text: string): string {
  const kept: string[] = [];
  let at = 0;
  for (let open = text.indexOf('<think>'); open >= 0; open = text.indexOf('<think>', at)) {
    const close = text.indexOf('</think>', open);
    if (close < 0) break;
    kept.push(text.slice(at, open));
    at = close + '</think>'.length;
  }
  kept.push(text.slice(at));
  return kept.join('').trim();
}

/** The well-formed `url_citation` annotations of a turn as citations; any other annotation is skipped. */
function citationsOf(annotations: AssistantTurn['annotations']): PriorTurn['citations'] {
  const citations: PriorTurn['citations'] = [];
  for (const annotation of annotations ?? []) {
    const parsed = urlCitation.safeParse(annotation);
    if (!parsed.success) continue;
    const fields = 'url_citation' in parsed.data ? parsed.data.url_citation : parsed.data;
    const title = fields.title?.slice(0, MAX_PRIOR_CITATION_CHARS).trim();
    citations.push({
      url: fields.url,
      ...(title ? { title } : {}),
      start: fields.start_index,
      end: fields.end_index,
    });
    if (citations.length === MAX_PRIOR_TURN_CITATIONS) break;
  }
  return citations;
}

/**
 * The earlier assistant turns of a conversation as a run's `priorTurns`: the latest
 * `MAX_PRIOR_TURNS` with text, each cut to `MAX_PRIOR_TURN_CHARS`, with their well-formed
 * citations (at most `MAX_PRIOR_TURN_CITATIONS`). What they say is the client's claim: the run
 * checks each source before it counts.
 */
export function earlierTurns(turns: readonly AssistantTurn[]): PriorTurn[] {
  return turns
    .map((turn) => ({ text: withoutThinking(turn.text), annotations: turn.annotations }))
    .filter((turn) => turn.text !== '')
    .slice(-MAX_PRIOR_TURNS)
    .map((turn) => ({
      answer: turn.text.slice(0, MAX_PRIOR_TURN_CHARS),
      citations: citationsOf(turn.annotations),
    }));
}
