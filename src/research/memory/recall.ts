import type { MemoryUse, RunMemory } from '../../contract/index.js';
import type { Embedder } from '../../llm/index.js';
import { MEMORY_RUNS } from '../constants.js';
import { recencyWindow } from '../sources/search-window.js';
import type { MemoryRecord, PriorFinding } from './memory-record.js';
import { cosineSimilarity, similarRuns } from './similar-runs.js';
import { isStale } from './stale.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a run may remember, as its caller gives it. */
export interface RecallOptions {
  /** The run's question and the prior knowledge its memories are recorded in. */
  run: { question: string; memory: MemoryRecord };
  /** Memories the run may draw on (its owner's), newest first; the `followUpOf` one among them. */
  memories: readonly RunMemory[];
  /** Id of the run this one follows up: its memory is always used, whatever its similarity. */
  followUpOf?: string;
  /** Embeds the questions when an embedding model is configured; BM25 alone without it. */
  embedder?: Embedder;
  now: Date;
  signal?: AbortSignal;
  /** Reports a problem that does not stop the run (an embedding call failed). */
  warn: (code: string, message: string) => void;
}

/** Cosine similarity of each memory's question to the run's, or none when embedding failed. */
async function questionCosines(options: RecallOptions): Promise<Map<string, number> | undefined> {
  if (!options.embedder || options.memories.length === 0) return undefined;
  try {
    const [question, ...others] = await options.embedder.embed(
      [options.run.question, ...options.memories.map((memory) => memory.question)],
      { signal: options.signal },
    );
    if (!question) return undefined;
    return new Map(
      options.memories.map((memory, index) => [
        memory.runId,
        cosineSimilarity(question, others[index] ?? []),
      ]),
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    options.warn('memory_embedding_failed', `Past runs were matched by their words only: ${reason}`);
    return undefined;
  }
}

/**
 * Chooses the earlier runs this run draws on — the `followUpOf` run, then the `MEMORY_RUNS` most
 * similar others (`similarRuns`) — and records their findings within the question's time window as
 * prior knowledge (`run.memory`, after any the conversation gave). Returns what it used, for the `memory` event; empty when nothing was.
 */
export async function recallMemories(options: RecallOptions): Promise<MemoryUse[]> {
  const { run, now } = options;
  const followUp = options.memories.find((memory) => memory.runId === options.followUpOf);
  if (options.followUpOf !== undefined && !followUp) {
    options.warn('memory_not_found', `No memory of run "${options.followUpOf}" to follow up.`);
  }
  const others = options.memories.filter((memory) => memory !== followUp);
  const cosines = await questionCosines({ ...options, memories: others });
  const similar = similarRuns({
    question: run.question,
    memories: others,
    limit: MEMORY_RUNS,
    cosines,
  }).map((match) => match.memory);
  const window = recencyWindow({ question: run.question, freshnessFailed: false, now });
  const uses: MemoryUse[] = [];
  const findings: PriorFinding[] = [];
  for (const memory of followUp ? [followUp, ...similar] : similar) {
    const elapsed = (now.getTime() - Date.parse(memory.createdAt)) / DAY_MS;
    const ageDays = Number.isFinite(elapsed) ? Math.max(0, Math.floor(elapsed)) : 0;
    const fresh = memory.findings.filter((finding) => !isStale(finding, memory, window, now));
    const origin = { kind: 'run' as const, runId: memory.runId, ageDays };
    findings.push(...fresh.map((finding) => ({ ...finding, origin })));
    uses.push({
      runId: memory.runId,
      question: memory.question,
      rememberedAt: memory.createdAt,
      ageDays,
      findings: fresh.length,
      staleFindings: memory.findings.length - fresh.length,
      followUp: memory === followUp,
    });
  }
  run.memory.uses = uses;
  run.memory.findings.push(...findings);
  return uses;
}
