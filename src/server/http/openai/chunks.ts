import type { Reference, Usage } from '../../../contract/index.js';
import { annotatedNumbers, type CitationLimits } from './citation-fields.js';

/**
 * OpenAI's `url_citation` annotations of the references the limits keep; indexes point at the
 * `[n]` marker in the answer, if any.
 */
export function urlCitations(answer: string, references: readonly Reference[], limits: CitationLimits = {}) {
  return annotatedNumbers(references, limits).map((number) => {
    const reference = references[number - 1] as Reference;
    const marker = `[${number}]`;
    const start = answer.indexOf(marker);
    return {
      type: 'url_citation' as const,
      url_citation: {
        url: reference.url,
        title: reference.title,
        start_index: start >= 0 ? start : answer.length,
        end_index: start >= 0 ? start + marker.length : answer.length,
      },
    };
  });
}

/** Our usage in OpenAI's shape. */
export function openAiUsage(usage: Usage) {
  return {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.totalTokens,
  };
}

/** Splits text into deltas of about `size` characters, at spaces where possible. */
export function chunkText(text: string, size: number): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > size) {
    const space = rest.lastIndexOf(' ', size);
    const cut = space > size / 2 ? space + 1 : size;
    chunks.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  if (rest) chunks.push(rest);
  return chunks;
}
