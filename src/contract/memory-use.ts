/** One earlier run a run drew on: what its `memory` event and its result list. */
export interface MemoryUse {
  runId: string;
  question: string;
  /** ISO-8601 time the remembered run ended. */
  rememberedAt: string;
  /** Whole days between the remembered run and this one. */
  ageDays: number;
  /** Findings of it offered to the planner (those inside the question's time window). */
  findings: number;
  /** Findings left out as older than the question's time window. */
  staleFindings: number;
  /** True for the run named by `followUpOf`, included whatever its similarity. */
  followUp: boolean;
}
