import type { Finding, SubQuestion } from '../../contract/index.js';
import { type MergedFinding, mergeDuplicates } from './merge-findings.js';

/** The evidence of one sub-question: the findings chosen and those that did not fit. */
export interface EvidenceGroup {
  subQuestion: Pick<SubQuestion, 'id' | 'text' | 'status'>;
  chosen: MergedFinding[];
  overflow: MergedFinding[];
}

/** Findings fitted into a token budget, grouped by sub-question in plan order (every one listed). */
export interface EvidenceSelection {
  groups: EvidenceGroup[];
  /** Estimated tokens of the chosen findings as rendered. */
  tokens: number;
}

/** What `selectEvidence` fits, into what, and how it prices a finding. */
export interface SelectEvidenceOptions {
  findings: readonly Finding[];
  subQuestions: readonly Pick<SubQuestion, 'id' | 'text' | 'status'>[];
  budgetTokens: number;
  /** Tokens a finding costs as rendered in the prompt. */
  cost: (entry: MergedFinding) => number;
  /** Most of the budget one source may take (its first finding may go past it). Default 0.25. */
  sourceShare?: number;
}

/** Orders findings so sources take turns: the first of every source, then the second… */
function interleaveSources(entries: readonly MergedFinding[]): MergedFinding[] {
  const bySource = new Map<string, MergedFinding[]>();
  for (const entry of entries) {
    const list = bySource.get(entry.finding.source.url);
    if (list) list.push(entry);
    else bySource.set(entry.finding.source.url, [entry]);
  }
  const lists = [...bySource.values()];
  const ordered: MergedFinding[] = [];
  for (let rank = 0; ordered.length < entries.length; rank += 1) {
    for (const list of lists) {
      const entry = list[rank];
      if (entry) ordered.push(entry);
    }
  }
  return ordered;
}

/**
 * Fits findings into `budgetTokens` so every sub-question is represented, open or closed:
 * duplicates are merged, sub-questions take turns (each within an equal share first, then the room
 * left), sources take turns inside a sub-question and none takes more than its share of the budget.
 */
export function selectEvidence(options: SelectEvidenceOptions): EvidenceSelection {
  const known = new Set(options.subQuestions.map((item) => item.id));
  const plan = [...options.subQuestions];
  // A finding of a sub-question no longer in the plan is kept under its own heading.
  for (const finding of options.findings) {
    if (!known.has(finding.subQuestionId)) {
      known.add(finding.subQuestionId);
      plan.push({ id: finding.subQuestionId, text: '(other)', status: 'closed' });
    }
  }
  const merged = mergeDuplicates(options.findings);
  const candidates = plan.map((subQuestion) =>
    interleaveSources(merged.filter((entry) => entry.finding.subQuestionId === subQuestion.id)),
  );
  const groups: EvidenceGroup[] = plan.map((subQuestion) => ({ subQuestion, chosen: [], overflow: [] }));
  const sourceCap = options.budgetTokens * (options.sourceShare ?? 0.25);
  const bySource = new Map<string, number>();
  const groupTokens = groups.map(() => 0);
  const taken = new Set<MergedFinding>();
  let tokens = 0;

  const withFindings = candidates.filter((list) => list.length > 0).length;
  const quota = withFindings > 0 ? options.budgetTokens / withFindings : 0;
  for (const limit of [quota, Number.POSITIVE_INFINITY]) {
    const cursors = candidates.map(() => 0);
    for (let progress = true; progress; ) {
      progress = false;
      candidates.forEach((list, group) => {
        for (let cursor = cursors[group] ?? 0; cursor < list.length; cursor += 1) {
          const entry = list[cursor];
          if (!entry || taken.has(entry)) continue;
          const cost = options.cost(entry);
          const source = bySource.get(entry.finding.source.url);
          const fits =
            tokens + cost <= options.budgetTokens &&
            (groupTokens[group] ?? 0) + cost <= limit &&
            (source === undefined || source + cost <= sourceCap);
          if (!fits) continue;
          taken.add(entry);
          tokens += cost;
          groupTokens[group] = (groupTokens[group] ?? 0) + cost;
          bySource.set(entry.finding.source.url, (source ?? 0) + cost);
          groups[group]?.chosen.push(entry);
          cursors[group] = cursor + 1;
          progress = true;
          return;
        }
        cursors[group] = list.length;
      });
    }
  }
  candidates.forEach((list, group) => {
    const target = groups[group];
    if (target) target.overflow = list.filter((entry) => !taken.has(entry));
  });
  return { groups, tokens };
}
