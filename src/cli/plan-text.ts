import {
  type PlanDraft,
  type PlanEdit,
  SUB_QUESTION_INTENTS,
  type SubQuestionIntent,
} from '../contract/index.js';
import { ConfigError } from '../errors.js';

/**
 * The plan as text to edit in `$EDITOR`: one sub-question per line, `q1 [intent] text`; lines
 * starting with `#` explain the format and are ignored when read back.
 */
export function planToText(plan: PlanDraft): string {
  const perspectives = plan.perspectives
    .map((perspective) => `${perspective.id} ${perspective.name}`)
    .join(', ');
  return [
    '# Review the plan before research starts. One sub-question per line: "q1 [intent] text".',
    '# Edit a line to change it, delete it to drop it, add a line without an id to add one',
    `# ("[explore] text", or only the text). Intents: ${SUB_QUESTION_INTENTS.join(', ')}.`,
    ...(perspectives ? [`# Perspectives: ${perspectives}.`] : []),
    '# Save and close to research this plan; lines starting with # are ignored.',
    ...plan.subQuestions.map((item) => `${item.id} [${item.intent}] ${item.text}`),
    '',
  ].join('\n');
}

const LINE = /^(?:(q\d+)\s+)?(?:\[([^\]]*)\]\s*)?(.*)$/;

/**
 * Reads an edited plan back: each line an edit (a known id keeps its sub-question, a line without
 * one adds a sub-question). A wrong intent or id is a `ConfigError` naming the line.
 */
export function planFromText(text: string, plan: PlanDraft): PlanEdit[] {
  const known = new Set(plan.subQuestions.map((item) => item.id));
  const edits: PlanEdit[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const [, id, intent, rest] = LINE.exec(line) ?? [];
    const where = `line ${index + 1} of the plan`;
    if (id && !known.has(id)) {
      throw new ConfigError(
        `${where} names ${id}, which the plan does not have; leave the id out to add a sub-question.`,
      );
    }
    if (intent !== undefined && !SUB_QUESTION_INTENTS.includes(intent as SubQuestionIntent)) {
      throw new ConfigError(
        `${where} has intent "${intent}"; use one of ${SUB_QUESTION_INTENTS.join(', ')}.`,
      );
    }
    const body = (rest ?? '').trim();
    if (!body) throw new ConfigError(`${where} has no sub-question text.`);
    edits.push({
      ...(id ? { id } : {}),
      text: body,
      ...(intent ? { intent: intent as SubQuestionIntent } : {}),
    });
  });
  if (edits.length === 0)
    throw new ConfigError('The edited plan has no sub-question left; keep at least one.');
  return edits;
}
