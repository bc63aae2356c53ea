import type { ModelRole, SourceConflict } from '../../contract/index.js';
import { contextTokensFor, estimateTokens } from '../../llm/index.js';
import { EVIDENCE_SOURCE_SHARE, OVERFLOW_NOTE_SHARE, STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { findConflicts } from '../evidence/conflicts.js';
import { evidenceBudget, outputTokensFor } from '../evidence/evidence-budget.js';
import { type EvidenceSelection, selectEvidence } from '../evidence/select-evidence.js';
import { focusQuery } from '../plan/plan-record.js';
import {
  contextPassagesSection,
  evidenceSection,
  findingBlockTokens,
  findingLineTokens,
  findingsOverview,
} from '../prompts/evidence-sections.js';
import { overflowPrompt, overflowSchema, overflowSystem } from '../prompts/overflow.js';
import { softFailure } from '../run/soft-failure.js';
import type { StepContext } from '../run/step-context.js';

/** Evidence for one prompt: the selection, its notes, passages of unextracted pages, as text. */
export interface WriterEvidence {
  selection: EvidenceSelection;
  notes: Map<string, string>;
  /** Values the findings disagree on (see `findConflicts`), shown to the writer with the findings. */
  conflicts: SourceConflict[];
  text: string;
  /** Characters of the rendered evidence: what reached the writer. */
  chars: number;
}

/** Room below which no passage is added. */
const MIN_PASSAGE_TOKENS = 300;

/** Summarises each sub-question's overflow once (kept while the overflow stays the same). */
async function overflowNotes(
  context: StepContext,
  selection: EvidenceSelection,
  budget: { notes: number; evidence: number },
): Promise<Map<string, string>> {
  const budgetTokens = budget.notes;
  const { run } = context;
  const notes = new Map<string, string>();
  const pending = selection.groups.filter((group) => {
    if (group.overflow.length === 0) return false;
    const key = group.overflow.map((entry) => entry.finding.id).join(',');
    const cached = run.evidence.overflowNotes.get(group.subQuestion.id);
    if (cached?.key === key) notes.set(group.subQuestion.id, cached.note);
    return cached?.key !== key;
  });
  if (pending.length === 0 || budgetTokens < MIN_PASSAGE_TOKENS) return notes;
  // The extractor sees the overflow's claims, as many as fit in its window and in the writer's own
  // evidence budget: summarising must not cost more than the evidence it stands for.
  const contextTokens = contextTokensFor(run.options, 'extractor');
  const overflow = selectEvidence({
    findings: pending.flatMap((group) => group.overflow.map((entry) => entry.finding)),
    subQuestions: pending.map((group) => group.subQuestion),
    budgetTokens: Math.min(
      budget.evidence,
      evidenceBudget({
        contextTokens,
        fixedTokens: estimateTokens(overflowSystem) + 500,
        outputTokens: 200 * pending.length,
        tokensLeft: context.tokensLeft(),
      }),
    ),
    cost: findingLineTokens,
  });
  try {
    const result = await context.llm.generateObject({
      role: 'extractor',
      system: overflowSystem,
      prompt: overflowPrompt(run, findingsOverview(overflow)),
      schema: overflowSchema,
      schemaName: 'overflow_notes',
      abortSignal: context.signal,
      maxOutputTokens: outputTokensFor(contextTokens, Math.min(STEP_MAX_OUTPUT_TOKENS, 200 * pending.length)),
    });
    for (const entry of result.value.notes) {
      const group = pending.find((item) => item.subQuestion.id === entry?.subQuestion.trim());
      if (!entry || !group || !entry.note.trim()) continue;
      const note = entry.note.trim().slice(0, Math.floor((budgetTokens * 3) / pending.length));
      notes.set(group.subQuestion.id, note);
      run.evidence.overflowNotes.set(group.subQuestion.id, {
        key: group.overflow.map((item) => item.finding.id).join(','),
        note,
      });
    }
  } catch (error) {
    softFailure(context, error, 'Summarising the findings that did not fit');
  }
  return notes;
}

/**
 * The evidence a writing prompt gets, sized to the model of `role` and to the tokens left: the
 * findings of every sub-question (see `selectEvidence`), a note per sub-question on the findings
 * that did not fit (written by the extractor; `notes: false` skips it), then passages of pages no
 * finding came from, as context that cannot be cited.
 */
export async function gatherEvidence(
  context: StepContext,
  options: { role: ModelRole; fixedTokens: number; outputTokens: number; notes?: boolean },
): Promise<WriterEvidence> {
  const { run } = context;
  const budget = evidenceBudget({
    contextTokens: contextTokensFor(run.options, options.role),
    fixedTokens: options.fixedTokens,
    outputTokens: options.outputTokens,
    tokensLeft: context.tokensLeft(),
  });
  const select = (budgetTokens: number) =>
    selectEvidence({
      findings: run.evidence.findings.all,
      subQuestions: run.plan.subQuestions,
      budgetTokens,
      cost: findingBlockTokens,
      sourceShare: EVIDENCE_SOURCE_SHARE,
    });
  let selection = select(budget);
  let notes = new Map<string, string>();
  if (options.notes !== false && selection.groups.some((group) => group.overflow.length > 0)) {
    selection = select(budget * (1 - OVERFLOW_NOTE_SHARE));
    notes = await overflowNotes(context, selection, {
      notes: budget * OVERFLOW_NOTE_SHARE,
      evidence: budget,
    });
  }
  const conflicts = findConflicts(run.evidence.findings.all);
  const evidence = evidenceSection(selection, notes, conflicts);
  const left = budget - estimateTokens(evidence);
  const withFindings = new Set(run.evidence.findings.all.map((finding) => finding.source.url));
  const passages =
    left >= MIN_PASSAGE_TOKENS
      ? run.evidence.knowledge.topPassages(
          focusQuery(run),
          left * 3,
          (passage) => !withFindings.has(passage.url),
        )
      : [];
  const text = [evidence, contextPassagesSection(passages)].filter(Boolean).join('\n\n');
  return { selection, notes, conflicts, text, chars: text.length };
}

/** The planner's view of the findings: claims by sub-question within PLANNER_EVIDENCE_TOKENS. */
export function plannerFindings(context: Pick<StepContext, 'run'>, budgetTokens: number): string {
  const { run } = context;
  return findingsOverview(
    selectEvidence({
      findings: run.evidence.findings.all,
      subQuestions: run.plan.subQuestions,
      budgetTokens,
      cost: findingLineTokens,
      sourceShare: EVIDENCE_SOURCE_SHARE,
    }),
  );
}
