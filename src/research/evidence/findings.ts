import type { Finding } from '../../contract/index.js';

/** The run's findings, in the order found; rebuilt from `finding` events on resume. */
export interface FindingStore {
  add(finding: Finding): void;
  get(id: string): Finding | undefined;
  readonly all: readonly Finding[];
  /** Findings of one sub-question, in the order found. */
  forSubQuestion(subQuestionId: string): Finding[];
  /** The id the next finding gets (`F1`, `F2`…). */
  nextId(): string;
}

/** Creates an empty finding store. */
export function createFindingStore(): FindingStore {
  const all: Finding[] = [];
  const byId = new Map<string, Finding>();
  let highest = 0;
  return {
    all,
    add(finding) {
      if (byId.has(finding.id)) return;
      all.push(finding);
      byId.set(finding.id, finding);
      highest = Math.max(highest, Number(finding.id.replace(/\D/g, '')) || 0);
    },
    get: (id) => byId.get(id.trim().toUpperCase()),
    forSubQuestion: (subQuestionId) => all.filter((finding) => finding.subQuestionId === subQuestionId),
    nextId: () => `F${highest + 1}`,
  };
}
