import type {
  ResearchEventPayload,
  SubQuestion,
  SubQuestionIntent,
  SubQuestionOrigin,
} from '../../contract/index.js';
import { UNANSWERABLE_NOTE } from '../evidence/coverage.js';
import type { FindingStore } from '../evidence/findings.js';
import { contentWords, normalizeText, wordsWithin } from '../text/words.js';
import { resolvePerspective } from './perspectives.js';
import { openSubQuestions, type PlanRecord } from './plan-record.js';

/**
 * The sub-question `text` repeats, if any: the same text (case and spacing aside), or one holding
 * every word of it (of three or more letters, or a number; at least two): a rephrasing that asks
 * nothing new. One that adds a word (a year, a name) is a new sub-question.
 */
export function sameSubQuestion(plan: PlanRecord, text: string): SubQuestion | undefined {
  const normalized = normalizeText(text);
  const words = contentWords(text);
  return plan.subQuestions.find(
    (item) =>
      normalizeText(item.text) === normalized ||
      (words.size >= 2 && wordsWithin(words, contentWords(item.text))),
  );
}

/** How a sub-question is added: where it came from and the perspective it names, if any. */
export interface NewSubQuestion {
  text: string;
  intent: SubQuestionIntent;
  origin: SubQuestionOrigin;
  /** Perspective id or name; unknown or absent ones are resolved by the words it shares. */
  perspective?: string | undefined;
}

/**
 * Adds a sub-question to the checklist with the next id (`q1`, `q2`...), in the perspective it
 * names or fits best. Undefined when it repeats one already listed (see `sameSubQuestion`).
 */
export function addSubQuestion(plan: PlanRecord, item: NewSubQuestion): SubQuestion | undefined {
  const text = item.text.replace(/\s+/g, ' ').trim();
  if (!text || sameSubQuestion(plan, text)) return undefined;
  const perspective = resolvePerspective(plan, item.perspective, text);
  const added: SubQuestion = {
    id: `q${plan.nextSubQuestionId}`,
    text,
    intent: item.intent,
    status: 'open',
    perspective: perspective.id,
    origin: item.origin,
  };
  plan.nextSubQuestionId += 1;
  plan.subQuestions.push(added);
  return added;
}

/**
 * Closes a sub-question, only on evidence: with at least one finding for it (the note lists them),
 * or declared unanswerable from the available sources with a reason. Otherwise it stays open.
 */
export function closeSubQuestion(
  findings: FindingStore,
  item: SubQuestion,
  closing: { note: string; unanswerable?: boolean | undefined },
): { ok: true } | { ok: false; why: string } {
  const note = closing.note.replace(/\s+/g, ' ').trim();
  const ids = findings.forSubQuestion(item.id).map((finding) => finding.id);
  if (closing.unanswerable) {
    if (!note) return { ok: false, why: `${item.id} needs the reason it cannot be answered.` };
    item.status = 'closed';
    item.note = `${UNANSWERABLE_NOTE}: ${note}`;
    return { ok: true };
  }
  if (ids.length === 0) {
    return {
      ok: false,
      why: `${item.id} has no finding yet: read pages that answer it, or close it as unanswerable with the reason.`,
    };
  }
  item.status = 'closed';
  item.note = `${note || 'answered'} (findings ${ids.join(', ')})`;
  return { ok: true };
}

/**
 * Closes the sub-questions still open when an answer to the whole question is accepted, with
 * `note` saying by what (and the findings each has). Sub-questions a reflection closed keep their
 * own note. Returns whether any was closed.
 */
export function closeOpenSubQuestions(plan: PlanRecord, findings: FindingStore, note: string): boolean {
  const open = openSubQuestions(plan);
  for (const item of open) {
    const ids = findings.forSubQuestion(item.id).map((finding) => finding.id);
    item.status = 'closed';
    item.note = ids.length > 0 ? `${note}; findings ${ids.join(', ')}` : note;
  }
  return open.length > 0;
}

/** The `plan` event: the whole checklist as it stands, copied. */
export function planEvent(plan: PlanRecord): ResearchEventPayload {
  return {
    type: 'plan',
    subQuestions: plan.subQuestions.map((item) => ({ ...item })),
    perspectives: plan.perspectives.map((item) => ({ ...item })),
    ...(plan.intent ? { intent: { ...plan.intent } } : {}),
  };
}
