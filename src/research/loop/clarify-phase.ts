import { MAX_CLARIFY_QUESTION_CHARS, MAX_CLARIFY_QUESTIONS } from '../../contract/index.js';
import { describeError } from '../../errors.js';
import { isLlmError } from '../../llm/index.js';
import { STEP_MAX_OUTPUT_TOKENS } from '../constants.js';
import { fatalModelFailure } from '../failures.js';
import type { InputRecord } from '../input/input-record.js';
import { clarifyPrompt, clarifySchema, clarifySystem } from '../prompts/clarify.js';
import type { StepContext } from '../run/step-context.js';
import { normalizeText } from '../text/words.js';
import { AWAITING_INPUT, askPerson } from './ask-person.js';
import { guarded } from './guarded.js';
import type { LoopEnd, LoopOptions } from './loop-options.js';

/** A question clipped to `MAX_CLARIFY_QUESTION_CHARS` at a word, on one line. */
function clip(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= MAX_CLARIFY_QUESTION_CHARS) return line;
  const cut = line.slice(0, MAX_CLARIFY_QUESTION_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_CLARIFY_QUESTION_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The questions worth asking, from the clarifier's raw list: on one line, clipped, repeats and
 * blanks dropped, at most `MAX_CLARIFY_QUESTIONS`; `notes` says what was changed, for the trace.
 */
export function cleanQuestions(raw: readonly (string | null)[]): { questions: string[]; notes: string[] } {
  const notes: string[] = [];
  const seen = new Set<string>();
  const questions: string[] = [];
  let clipped = 0;
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    const question = clip(item);
    const key = normalizeText(question);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    if (question !== item.replace(/\s+/g, ' ').trim()) clipped += 1;
    questions.push(question);
  }
  if (clipped > 0)
    notes.push(`${clipped} over-long question(s) clipped to ${MAX_CLARIFY_QUESTION_CHARS} characters`);
  if (questions.length > MAX_CLARIFY_QUESTIONS) {
    notes.push(`${questions.length} questions asked; only the first ${MAX_CLARIFY_QUESTIONS} kept`);
  }
  return { questions: questions.slice(0, MAX_CLARIFY_QUESTIONS), notes };
}

/** One model call: the clarifier's questions, or none when its output is unusable (a warning says why). */
async function askClarifier(context: StepContext): Promise<string[]> {
  try {
    const result = await context.llm.generateObject({
      role: 'planner',
      system: clarifySystem,
      prompt: clarifyPrompt(context.run),
      schema: clarifySchema,
      schemaName: 'clarify',
      abortSignal: context.signal,
      maxOutputTokens: STEP_MAX_OUTPUT_TOKENS,
    });
    const { questions, notes } = cleanQuestions(result.value.questions);
    if (notes.length > 0)
      context.emit({ type: 'observation', text: `Clarifying questions: ${notes.join('; ')}.` });
    return questions;
  } catch (error) {
    // A cancelled run, a spent budget or a model that can no longer answer ends the run as usual.
    if (context.signal.aborted || fatalModelFailure(error)) throw error;
    if (isLlmError(error) && error.code === 'budget_exhausted') throw error;
    const described = describeError(error);
    context.emit({
      type: 'warning',
      code: described.code,
      message: `The clarifying questions could not be made (${described.message}); research goes on without them.`,
    });
    return [];
  }
}

/** Pairs the questions with their answers; skipped (empty) answers are left out. */
function applyAnswers(input: InputRecord, questions: readonly string[], answers: readonly string[]): void {
  input.clarifications = questions.flatMap((question, index) => {
    const answer = answers[index]?.trim();
    return answer ? [{ question, answer }] : [];
  });
  input.settled.add('clarify');
}

/**
 * With `clarify`, before the plan: answers given up front (`answers`) are the clarifications;
 * otherwise the clarifier decides (one model call) whether to ask up to three questions ("none"
 * is the usual outcome), and the person's answers become the clarifications every later prompt
 * sees with the question. Returns `AWAITING_INPUT` when the run pauses for the answers.
 */
export async function clarifyPhase(options: LoopOptions): Promise<LoopEnd | undefined> {
  const { run } = options;
  const { input } = run;
  if (!run.options.clarify || input.settled.has('clarify')) return undefined;
  const asked = input.requests.clarify;
  if (asked && input.answers.clarify) {
    applyAnswers(input, asked.questions, input.answers.clarify.answers);
    return undefined;
  }
  if (run.options.answers.length > 0) {
    input.clarifications = run.options.answers.map((answer) => ({ answer }));
    input.settled.add('clarify');
    return undefined;
  }
  let questions = asked?.questions ?? [];
  if (!asked) {
    const lane = { step: 0, lead: true, budget: { waitsForHolds: true, spent: 0 } };
    const ended = await guarded(options, lane, async (context) => {
      questions = await askClarifier(context);
      if (questions.length === 0)
        context.emit({ type: 'observation', text: 'No clarifying questions needed.' });
      return {};
    });
    if (ended) return ended;
  }
  if (questions.length === 0) {
    input.settled.add('clarify');
    return undefined;
  }
  const answer = await askPerson(options, { kind: 'clarify', questions });
  if (!answer) return AWAITING_INPUT;
  applyAnswers(input, questions, answer.kind === 'clarify' ? answer.answers : []);
  return undefined;
}
