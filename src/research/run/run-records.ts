import { createDraftRecord, type DraftRecord } from '../evaluation/drafts.js';
import { createEvidenceRecord, type EvidenceRecord } from '../evidence/evidence-record.js';
import { createInputRecord, type InputRecord } from '../input/input-record.js';
import { createMemoryRecord, type MemoryRecord } from '../memory/memory-record.js';
import { type CritiqueRecord, createCritiqueRecord } from '../plan/critique-phase.js';
import { createPlanRecord, type PlanRecord } from '../plan/plan-record.js';
import { createSourceRecord, type SourceRecord } from '../sources/source-record.js';
import type { ResolvedResearchOptions } from '../types.js';

/**
 * What every part of a run works on: the question and its options, and one record per part,
 * each changed through its own module of operations. The loop's own counters are not here (see
 * `loop/loop-state.ts`): several loops could share these records.
 */
export interface RunRecords {
  question: string;
  options: ResolvedResearchOptions;
  /** Epoch ms the run started; moved later by time spent waiting for a person (`input/`). */
  startedAt: number;
  /** The checklist: sub-questions and perspectives (`plan/`). */
  plan: PlanRecord;
  /** The critique before writing and its gap filling (`plan/critique-phase.ts`). */
  critique: CritiqueRecord;
  /** Findings, knowledge and notes (`evidence/`). */
  evidence: EvidenceRecord;
  /** The URL pool, the pages read and the queries searched (`sources/`). */
  sources: SourceRecord;
  /** The answers written and the evaluator's record of them (`evaluation/drafts.ts`). */
  drafts: DraftRecord;
  /** Earlier runs drawn on and their findings: prior knowledge, never evidence (`memory/`). */
  memory: MemoryRecord;
  /** What the person who asked was asked and answered: clarifications, the plan review (`input/`). */
  input: InputRecord;
}

/** Fresh records for a run of `question` under `options`. */
export function createRunRecords(init: {
  question: string;
  options: ResolvedResearchOptions;
  startedAt: number;
}): RunRecords {
  return {
    question: init.question,
    options: init.options,
    startedAt: init.startedAt,
    plan: createPlanRecord(),
    critique: createCritiqueRecord(),
    evidence: createEvidenceRecord(),
    sources: createSourceRecord(init.options),
    drafts: createDraftRecord(),
    memory: createMemoryRecord(),
    input: createInputRecord(),
  };
}
