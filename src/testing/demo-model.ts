import { cooperativeResearcher, questionOf } from './cooperative-researcher.js';
import type { FakeChatRequest } from './fake-llm-server.js';

/** Said at the start of every demo answer: the demo knows two pages, whatever it is asked. */
export function demoNote(question: string): string {
  return `(Demo model: it answers every question from the same two demo pages about the Eiffel Tower, so this is not an answer to "${question}".)`;
}

/**
 * The model of `npm run demo`: the cooperative researcher, whose answers and reports start by
 * saying they are the demo's canned answer and naming the question asked, so nobody mistakes the
 * demo's Eiffel Tower sentence for research on their own question.
 */
export function demoModel(request: FakeChatRequest): string {
  const reply = cooperativeResearcher(request);
  const note = demoNote(questionOf(request));
  let parsed: unknown;
  try {
    parsed = JSON.parse(reply);
  } catch {
    // A report (plain markdown): the note goes under its title.
    const [title, ...rest] = reply.split('\n');
    return [title, '', note, ...rest].join('\n');
  }
  if (typeof parsed !== 'object' || parsed === null) return reply;
  const value = parsed as { answer?: unknown; action?: { type?: string; answer?: unknown } };
  if (typeof value.answer === 'string') value.answer = `${note} ${value.answer}`;
  if (value.action?.type === 'answer' && typeof value.action.answer === 'string') {
    value.action.answer = `${note} ${value.action.answer}`;
  }
  return JSON.stringify(value);
}
