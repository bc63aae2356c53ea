import {
  type InputAnswer,
  type InputRequest,
  MAX_INPUT_ANSWER_CHARS,
  MAX_REVIEWED_SUB_QUESTIONS,
  MAX_SUB_QUESTION_CHARS,
  type PlanDraft,
  type PlanEdit,
  SUB_QUESTION_INTENTS,
  type SubQuestionIntent,
} from '../../contract/index.js';
import { InputError } from '../../errors.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line of text: trimmed, line breaks and runs of spaces made one space. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function checkClarify(questions: readonly string[], body: Record<string, unknown>): InputAnswer {
  const { answers } = body;
  if (!Array.isArray(answers)) {
    throw new InputError(
      'answers',
      `"answers" must be a list with one answer per question (${questions.length}).`,
    );
  }
  if (answers.length !== questions.length) {
    throw new InputError(
      'answers',
      `"answers" has ${answers.length} answers for ${questions.length} questions; give one per question, in order ("" skips one).`,
    );
  }
  return {
    kind: 'clarify',
    answers: answers.map((answer, index) => {
      if (typeof answer !== 'string')
        throw new InputError(`answers[${index}]`, `"answers[${index}]" must be text.`);
      const text = oneLine(answer);
      if (text.length > MAX_INPUT_ANSWER_CHARS) {
        throw new InputError(
          `answers[${index}]`,
          `"answers[${index}]" has ${text.length} characters; at most ${MAX_INPUT_ANSWER_CHARS} are allowed.`,
        );
      }
      return text;
    }),
  };
}

function checkEdit(plan: PlanDraft, item: unknown, index: number, seen: Set<string>): PlanEdit {
  const at = `subQuestions[${index}]`;
  if (!isRecord(item)) throw new InputError(at, `"${at}" must be an object with "text".`);
  const edit: PlanEdit = { text: '' };
  if (item.id !== undefined) {
    if (typeof item.id !== 'string' || !plan.subQuestions.some((planned) => planned.id === item.id)) {
      throw new InputError(
        `${at}.id`,
        `"${at}.id" must name a planned sub-question (${plan.subQuestions.map((planned) => planned.id).join(', ')}); leave it out to add one.`,
      );
    }
    if (seen.has(item.id))
      throw new InputError(`${at}.id`, `"${at}.id" repeats "${item.id}"; list each sub-question once.`);
    seen.add(item.id);
    edit.id = item.id;
  }
  const text = typeof item.text === 'string' ? oneLine(item.text) : '';
  if (!text) throw new InputError(`${at}.text`, `"${at}.text" must be the sub-question's text.`);
  if (text.length > MAX_SUB_QUESTION_CHARS) {
    throw new InputError(
      `${at}.text`,
      `"${at}.text" has ${text.length} characters; at most ${MAX_SUB_QUESTION_CHARS} are allowed.`,
    );
  }
  edit.text = text;
  if (item.intent !== undefined) {
    if (!SUB_QUESTION_INTENTS.includes(item.intent as SubQuestionIntent)) {
      throw new InputError(
        `${at}.intent`,
        `"${at}.intent" must be one of ${SUB_QUESTION_INTENTS.join(', ')}.`,
      );
    }
    edit.intent = item.intent as SubQuestionIntent;
  }
  if (item.perspective !== undefined) {
    if (
      typeof item.perspective !== 'string' ||
      !plan.perspectives.some((perspective) => perspective.id === item.perspective)
    ) {
      throw new InputError(
        `${at}.perspective`,
        `"${at}.perspective" must be one of the plan's perspective ids (${plan.perspectives.map((perspective) => perspective.id).join(', ')}).`,
      );
    }
    edit.perspective = item.perspective;
  }
  return edit;
}

function checkPlan(plan: PlanDraft, body: Record<string, unknown>): InputAnswer {
  const { subQuestions } = body;
  if (!Array.isArray(subQuestions) || subQuestions.length === 0) {
    throw new InputError('subQuestions', '"subQuestions" must list at least one sub-question to research.');
  }
  if (subQuestions.length > MAX_REVIEWED_SUB_QUESTIONS) {
    throw new InputError(
      'subQuestions',
      `"subQuestions" lists ${subQuestions.length}; at most ${MAX_REVIEWED_SUB_QUESTIONS} are allowed.`,
    );
  }
  const seen = new Set<string>();
  return {
    kind: 'plan',
    subQuestions: subQuestions.map((item, index) => checkEdit(plan, item, index, seen)),
  };
}

/**
 * Checks a person's input against the request it answers (hostile input: any JSON value) and
 * returns it cleaned: one answer per clarifying question, or a plan of known ids, intents and
 * perspectives with texts of bounded length. Throws `InputError` naming the field at fault.
 */
export function checkInputAnswer(request: InputRequest, body: unknown): InputAnswer {
  if (!isRecord(body)) {
    throw new InputError(
      request.kind === 'clarify' ? 'answers' : 'subQuestions',
      request.kind === 'clarify'
        ? 'Send an object with "answers": one answer per question.'
        : 'Send an object with "subQuestions": the plan to research.',
    );
  }
  return request.kind === 'clarify' ? checkClarify(request.questions, body) : checkPlan(request.plan, body);
}
