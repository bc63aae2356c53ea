import { z } from 'zod';
import type { PriorTurn, ResearchConfig } from '../../../config/index.js';
import { ASSISTANT_CONTEXT_CHARS, MAX_QUESTION_CHARS } from '../../constants.js';
import { ApiError } from '../errors.js';
import { earlierTurns, withoutThinking } from './earlier-turns.js';

const contentPart = z.object({ type: z.string(), text: z.string().optional() });

/** One message of a conversation, as chat completions and the Responses API's `input` send it. */
export const conversationMessage = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool', 'function']),
  content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
  /** An assistant answer's `url_citation` annotations, as the client got them (malformed ones are skipped). */
  annotations: z.array(z.unknown()).nullable().optional(),
});

export type ConversationMessage = z.infer<typeof conversationMessage>;

/** The text of a message's content: the string, or its parts' texts joined. */
export function messageText(content: ConversationMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

/** What a conversation asks: its question, and its earlier answers as the run's prior turns. */
export interface Conversation {
  /** The last user message, with the earlier messages after it as context. */
  question: string;
  /** The assistant messages before the question (see `earlierTurns`). */
  priorTurns: PriorTurn[];
}

/** An earlier message as a line of the question's context; an assistant answer in short. */
function contextLine(entry: ConversationMessage): string {
  const text = messageText(entry.content).trim();
  if (entry.role !== 'assistant') return `${entry.role}: ${text}`;
  const answer = withoutThinking(text);
  const short =
    answer.length > ASSISTANT_CONTEXT_CHARS
      ? `${answer.slice(0, ASSISTANT_CONTEXT_CHARS).trimEnd()}…`
      : answer;
  return `assistant: ${short}`;
}

/**
 * The question — the last user message, with the earlier messages as context, each assistant
 * answer in short (`ASSISTANT_CONTEXT_CHARS`) — and the earlier assistant answers whole, with
 * their citations, as prior turns the run reads the sources of again. `field` is the request
 * field errors name (`messages`, `input`).
 */
export function readConversation(messages: readonly ConversationMessage[], field = 'messages'): Conversation {
  const last = messages.findLastIndex(
    (entry) => entry.role === 'user' && messageText(entry.content).trim() !== '',
  );
  const question = messages[last];
  if (!question) {
    throw new ApiError(
      'invalid_request',
      `"${field}" holds no user message with text: the question is the last user message.`,
      { field },
    );
  }
  const earlier = messages.slice(0, last).filter((entry) => messageText(entry.content).trim());
  const context = earlier.map(contextLine);
  const text = messageText(question.content).trim();
  const full =
    context.length === 0 ? text : `${text}\n\nEarlier conversation, for context:\n${context.join('\n')}`;
  if (full.length > MAX_QUESTION_CHARS) {
    const count = (value: number) => value.toLocaleString('en-US');
    throw new ApiError(
      'invalid_request',
      `The question is ${count(full.length)} characters long (the last user message and the earlier messages passed as its context); at most ${count(MAX_QUESTION_CHARS)} are allowed.`,
      { field },
    );
  }
  const answers = earlier.filter((entry) => entry.role === 'assistant');
  return {
    question: full,
    priorTurns: earlierTurns(
      answers.map((entry) => ({ text: messageText(entry.content), annotations: entry.annotations })),
    ),
  };
}

/** Run options with the conversation's earlier answers as prior turns; without any, as they are. */
export function withPriorTurns(options: ResearchConfig, priorTurns: readonly PriorTurn[]): ResearchConfig {
  return priorTurns.length > 0 ? { ...options, priorTurns: [...priorTurns] } : options;
}
