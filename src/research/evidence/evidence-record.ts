import { createFindingStore, type FindingStore } from './findings.js';
import { createKnowledge, type Knowledge } from './knowledge.js';

/** A note that summarises a sub-question's findings that did not fit, for the findings it covers. */
export interface OverflowNote {
  /** Ids of the summarised findings, joined: the note is reused while they stay the same. */
  key: string;
  note: string;
}

/**
 * What the run learned, shared by everything that researches it: findings with verified quotes,
 * knowledge (notes, feedback, passages of the pages read) and notes on findings that did not fit.
 * Conflicts between findings are not stored: `findConflicts` reads them off the findings.
 */
export interface EvidenceRecord {
  /** Claims with verified quotes, from every page read. */
  findings: FindingStore;
  knowledge: Knowledge;
  /** Notes summarising overflowing findings, by sub-question id. */
  overflowNotes: Map<string, OverflowNote>;
}

/** An empty record. */
export function createEvidenceRecord(): EvidenceRecord {
  return {
    findings: createFindingStore(),
    knowledge: createKnowledge(),
    overflowNotes: new Map(),
  };
}
