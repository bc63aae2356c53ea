import type { ResearchConfig } from '../config/index.js';
import {
  isMemorable,
  memoryOfRun,
  type ResearchEvent,
  type ResearchResult,
  type RunMemory,
} from '../contract/index.js';
import { ConfigError } from '../errors.js';
import { followedMemory, memoriesFor } from '../runs/index.js';
import { defaultDatabasePath, openServerDatabase } from '../server/index.js';

/** What a terminal run remembers with: the memories it may draw on, and where it is kept. */
export interface AskMemory {
  memories: RunMemory[];
  /** Keeps the finished run as a memory (one that ended with an answer). */
  keep(result: ResearchResult, events: readonly ResearchEvent[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The memory of a terminal run: the database `--db` names (the server's), whose every memory is
 * the user's. None with `--no-memory` or without `--db`; `--follow-up-of` without `--db` is a
 * usage error, and a run id it has no memory of is `memory_not_found`, both before any work.
 */
export async function openAskMemory(options: {
  config: ResearchConfig;
  db?: string;
  cwd: string;
  env: Record<string, string | undefined>;
}): Promise<AskMemory | undefined> {
  const { config } = options;
  if (!config.memory) return undefined;
  if (options.db === undefined) {
    if (config.followUpOf === undefined) return undefined;
    throw new ConfigError(
      `--follow-up-of ${config.followUpOf} needs --db: the database that holds the earlier run's memory (the server's).`,
      { key: 'followUpOf' },
    );
  }
  const database = await openServerDatabase({
    db: options.db,
    defaultPath: defaultDatabasePath({ env: options.env }),
    cwd: options.cwd,
  });
  const { store } = database;
  const scope = { all: true };
  try {
    if (config.followUpOf !== undefined) await followedMemory(store, scope, config.followUpOf);
    const memories = await memoriesFor(store, scope, config);
    return {
      memories,
      async keep(result, events) {
        if (!isMemorable(result)) return;
        await store.memories.save(memoryOfRun({ result, events, endedAt: new Date().toISOString() }));
      },
      close: () => store.close(),
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
