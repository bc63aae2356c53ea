import type {
  Finding,
  RememberedSource,
  ResearchEvent,
  ResearchResult,
  RunMemory,
} from '../../contract/index.js';
import { canonicalUrl } from '../../shared/index.js';

/** What a run's memory is made of: its result and its events (findings and pages read). */
export interface MemoryInput {
  result: ResearchResult;
  events: readonly ResearchEvent[];
  /** ISO-8601 time the run ended. */
  endedAt: string;
  /** See `RunMemory.owner`. */
  owner?: string;
}

/** Whether a run ended with something worth remembering: an answer a finished run stands behind. */
export function isMemorable(result: ResearchResult): boolean {
  return (result.status === 'completed' || result.status === 'best_effort') && result.answer.trim() !== '';
}

/**
 * The memory of a finished run: its question, sub-questions with their outcomes, the findings its
 * `finding` events recorded (quotes as text), the pages its tool results read, the answer, its
 * support and scores, and its conflicts.
 */
export function memoryOfRun(input: MemoryInput): RunMemory {
  const { result } = input;
  const subQuestions = result.subQuestions ?? [];
  const textOf = new Map(subQuestions.map((item) => [item.id, item.text]));
  const findings: Finding[] = [];
  const sources = new Map<string, RememberedSource>();
  for (const event of input.events) {
    if (event.type === 'finding') findings.push(event.finding);
    if (event.type === 'tool-result') {
      for (const source of event.sources ?? []) {
        const key = canonicalUrl(source.url);
        if (!sources.has(key))
          sources.set(key, { url: source.url, title: source.title, fetchedAt: source.fetchedAt });
      }
    }
  }
  return {
    runId: result.runId,
    question: result.question,
    createdAt: input.endedAt,
    status: result.status,
    ...(input.owner !== undefined ? { owner: input.owner } : {}),
    subQuestions: subQuestions.map((item) => ({
      text: item.text,
      outcome: item.outcome,
      ...(item.note ? { note: item.note } : {}),
    })),
    findings: findings.map((finding) => {
      const subQuestion = textOf.get(finding.subQuestionId);
      return {
        claim: finding.claim,
        quotes: finding.quotes.map((quote) => quote.text),
        url: finding.source.url,
        title: finding.source.title,
        ...(finding.publishedAt ? { publishedAt: finding.publishedAt } : {}),
        ...(subQuestion ? { subQuestion } : {}),
      };
    }),
    sources: [...sources.values()],
    answer: result.answer,
    support: { total: result.claims.total, supported: result.claims.supported },
    ...(result.evaluation ? { scores: result.evaluation.scores } : {}),
    conflicts: result.conflicts ?? [],
  };
}
