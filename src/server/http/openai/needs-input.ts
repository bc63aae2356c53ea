import type { InputRequest } from '../../../contract/index.js';
import type { RunAccess, RunManager } from '../../../runs/index.js';
import { type ConversationMessage, messageText } from './conversation.js';

/** How the questions message names its run, so the next user message can answer it. */
const RUN_MARK = /research run ([0-9a-f-]{8,64}) is waiting for your answers/;

/**
 * The assistant's message of a run waiting for input over `/v1`: the clarifying questions
 * (numbered), how to answer them, and the run it belongs to (the next user message answers it).
 */
export function inputMessage(request: InputRequest, runId: string): string {
  if (request.kind === 'plan') {
    return [
      'Before research starts, please review the plan:',
      ...request.plan.subQuestions.map((item, index) => `${index + 1}. ${item.text} (${item.intent})`),
      '',
      `Reply to research it as it is (research run ${runId} is waiting for your answers).`,
    ].join('\n');
  }
  return [
    'Before research starts, a few questions:',
    ...request.questions.map((question, index) => `${index + 1}. ${question}`),
    '',
    `Answer each on its own line, in order (an empty line skips one); research run ${runId} is waiting for your answers.`,
  ].join('\n');
}

/**
 * The run a conversation answers: the last message is the user's, and the assistant message
 * before it is a questions message (`inputMessage`). Undefined for a new question.
 */
export function answeredRunOf(
  messages: readonly ConversationMessage[],
): { runId: string; reply: string } | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'user') return undefined;
  const assistant = messages.slice(0, -1).findLast((message) => message.role === 'assistant');
  const mark = assistant ? RUN_MARK.exec(messageText(assistant.content)) : null;
  return mark?.[1] ? { runId: mark[1], reply: messageText(last.content) } : undefined;
}

/**
 * The reply as the input a run waits for: one line per question when it has exactly as many
 * lines (numbers like `1.` dropped), else the whole reply answers the first question. A plan
 * waiting for review is researched as planned.
 */
export function inputOfReply(request: InputRequest, reply: string): unknown {
  if (request.kind === 'plan') return { subQuestions: request.plan.subQuestions };
  const lines = reply.split(/\r?\n/).map((line) => line.replace(/^\s*\d+[.)]\s*/, '').trim());
  if (lines.length === request.questions.length) return { answers: lines };
  return {
    answers: request.questions.map((_, index) => (index === 0 ? reply.replace(/\s+/g, ' ').trim() : '')),
  };
}

/** Answers the run a conversation continues, when it does; its id, or undefined for a new run. */
export async function continueWaitingRun(
  runs: RunManager,
  messages: readonly ConversationMessage[],
  access: RunAccess,
): Promise<string | undefined> {
  const answered = answeredRunOf(messages);
  if (!answered) return undefined;
  const detail = await runs.detail(answered.runId, access);
  // An answered or ended run: the conversation goes on as a new question.
  if (detail.status !== 'needs_input' || !detail.input) return undefined;
  await runs.answer(answered.runId, inputOfReply(detail.input, answered.reply), access);
  return answered.runId;
}
