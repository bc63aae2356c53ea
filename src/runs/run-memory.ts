import type { ResearchConfig } from '../config/index.js';
import {
  isMemorable,
  MEMORY_CANDIDATES,
  memoryOfRun,
  type ResearchResult,
  type RunMemory,
} from '../contract/index.js';
import type { RunRecord, RunStore } from '../store/index.js';
import { RunServiceError } from './errors.js';

/**
 * Whose memories a run may draw on: its owner's, or everyone's when its maker sees every run (an
 * admin token, or a server without auth). Memories never cross owners otherwise.
 */
export interface MemoryScope {
  owner?: string;
  all: boolean;
}

function mayUse(scope: MemoryScope, memory: RunMemory): boolean {
  return scope.all || (scope.owner !== undefined && memory.owner === scope.owner);
}

/** The memory of the run `id` follows up, when `scope` may use it; `memory_not_found` otherwise. */
export async function followedMemory(store: RunStore, scope: MemoryScope, id: string): Promise<RunMemory> {
  const memory = await store.memories.get(id);
  // Another owner's memory is answered exactly like a missing one.
  if (!memory || !mayUse(scope, memory)) {
    throw new RunServiceError(
      'memory_not_found',
      `No memory of run "${id}" to follow up: it has not finished with an answer, was forgotten, or is not yours.`,
      { runId: id },
    );
  }
  return memory;
}

/**
 * The memories a run of `options` may draw on: none with `memory: false`; else the newest
 * `MEMORY_CANDIDATES` of its scope, and the one it follows up (the engine picks the similar ones).
 */
export async function memoriesFor(
  store: RunStore,
  scope: MemoryScope,
  options: Pick<ResearchConfig, 'memory' | 'followUpOf'>,
): Promise<RunMemory[]> {
  if (!options.memory) return [];
  const owner = scope.all ? {} : { owner: scope.owner ?? '\u0000no owner' };
  const memories = await store.memories.list({ ...owner, limit: MEMORY_CANDIDATES });
  const followUp = options.followUpOf;
  if (followUp !== undefined && !memories.some((memory) => memory.runId === followUp)) {
    const memory = await store.memories.get(followUp);
    if (memory && mayUse(scope, memory)) memories.push(memory);
  }
  return memories;
}

/** Keeps a finished run as a memory (one that ended with an answer, memory on), from its stored events. */
export async function rememberRun(
  store: RunStore,
  run: { result: ResearchResult; endedAt: string; owner?: string; options: Pick<ResearchConfig, 'memory'> },
): Promise<boolean> {
  if (!run.options.memory || !isMemorable(run.result)) return false;
  const events = await store.listEvents(run.result.runId);
  await store.memories.save(
    memoryOfRun({
      result: run.result,
      events,
      endedAt: run.endedAt,
      owner: run.owner,
    }),
  );
  return true;
}

/**
 * Whose memories a run draws on, from its record: everyone's when its maker saw every run (an admin,
 * or a server without auth) or it has no owner; else its owner's alone.
 */
export function memoryScopeOf(record: RunRecord): MemoryScope {
  return {
    all: record.seesAll === true || record.owner === undefined,
    owner: record.owner,
  };
}
