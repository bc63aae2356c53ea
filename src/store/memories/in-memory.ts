import type { RunMemory } from '../../contract/index.js';
import type { MemoryStore } from '../types.js';

/** Newest first: by the time the run ended, then by when it was saved. */
export function newestFirst(a: { memory: RunMemory; sequence: number }, b: typeof a): number {
  if (a.memory.createdAt !== b.memory.createdAt) return a.memory.createdAt < b.memory.createdAt ? 1 : -1;
  return b.sequence - a.sequence;
}

/** Memories in a map: the memory store's; copies in and out, like the databases. */
export function createInMemoryMemories(): MemoryStore {
  const memories = new Map<string, { memory: RunMemory; sequence: number }>();
  let sequence = 0;
  const mine = (owner: string | undefined, memory: RunMemory) =>
    owner === undefined || memory.owner === owner;
  return {
    async save(memory) {
      sequence += 1;
      memories.set(memory.runId, { memory: structuredClone(memory), sequence });
    },
    async get(runId) {
      const entry = memories.get(runId);
      return entry ? structuredClone(entry.memory) : undefined;
    },
    async list(query) {
      return [...memories.values()]
        .filter((entry) => mine(query.owner, entry.memory))
        .sort(newestFirst)
        .slice(0, query.limit)
        .map((entry) => structuredClone(entry.memory));
    },
    async forget(runId) {
      return memories.delete(runId);
    },
    async forgetAll(query = {}) {
      let forgotten = 0;
      for (const [runId, entry] of memories) {
        if (!mine(query.owner, entry.memory)) continue;
        memories.delete(runId);
        forgotten += 1;
      }
      return forgotten;
    },
  };
}
