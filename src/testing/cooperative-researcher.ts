import {
  cooperativeAction,
  cooperativeBranchQueries,
  cooperativeCritique,
  cooperativeFindings,
  cooperativeOutline,
  cooperativePlan,
  cooperativeStepAnalysis,
  cooperativeWriting,
} from './cooperative-replies.js';
import type { FakeChatRequest } from './fake-llm-server.js';
import { honestEvaluationReply, honestFinalEvaluation } from './honest-evaluator.js';
import { honestVerdicts } from './honest-judge.js';

/**
 * A model that does honest research with whatever it is shown, for end-to-end tests and demos: it
 * plans one sub-question, searches for the question, reads the unread URLs, extracts each page's
 * first sentences as findings quoted whole, says it is ready, writes a sentence per finding citing
 * it (some in other words), and judges and evaluates honestly: a sentence is supported only when
 * its quotes hold its figures, names and most of its words (`honestVerdicts`), and the evaluation
 * fails an answer with uncited facts or unverified references (`honestEvaluationReply`). It recognises each call
 * by the properties of the JSON schema it was asked for, so it works in JSON mode and tool mode alike.
 */
export function cooperativeResearcher(request: FakeChatRequest): string {
  const { system, prompt, properties } = requestParts(request);
  if (!properties) return cooperativeWriting(system, prompt);
  if ('subQuestions' in properties) return JSON.stringify(cooperativePlan(prompt));
  if ('definitive' in properties) {
    return JSON.stringify({
      think: 'A definitive answer is needed.',
      definitive: true,
      freshness: false,
      plurality: false,
      completeness: false,
    });
  }
  if ('checks' in properties) return JSON.stringify(honestEvaluationReply(prompt));
  if ('scores' in properties) return JSON.stringify(honestFinalEvaluation(prompt));
  if ('gaps' in properties) return JSON.stringify(cooperativeCritique());
  if ('blame' in properties) return JSON.stringify(cooperativeStepAnalysis(prompt));
  if ('action' in properties) return JSON.stringify(cooperativeAction(prompt));
  if ('queries' in properties) return JSON.stringify(cooperativeBranchQueries(prompt));
  if ('findings' in properties) return JSON.stringify(cooperativeFindings(prompt));
  if ('verdicts' in properties) return JSON.stringify(honestVerdicts(prompt));
  if ('sections' in properties) return JSON.stringify(cooperativeOutline(prompt));
  if ('revisions' in properties) return JSON.stringify({ revisions: [] });
  if ('notes' in properties) return JSON.stringify({ notes: [] });
  // Any other structured call: an empty-but-valid object is the safest reply.
  return JSON.stringify({ think: 'Nothing to add.' });
}

/** A request's system and user text and the properties of the JSON schema it asks for, if any. */
export function requestParts(request: FakeChatRequest): {
  system: string;
  prompt: string;
  properties: Record<string, unknown> | undefined;
} {
  const system = messageText(request, 'system');
  return {
    system,
    prompt: messageText(request, 'user'),
    properties: schemaProperties(request) ?? schemaInSystem(system),
  };
}

/** The research question the prompt carries (`the question` when it carries none). */
export function questionOf(request: FakeChatRequest): string {
  return (
    /<question>\n([\s\S]*?)\n<\/question>/.exec(messageText(request, 'user'))?.[1]?.trim() ?? 'the question'
  );
}

function messageText(request: FakeChatRequest, role: 'system' | 'user'): string {
  return (request.messages ?? [])
    .filter((message) => message.role === role)
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : Array.isArray(message.content)
          ? message.content.map((part) => (part as { text?: string }).text ?? '').join('')
          : '',
    )
    .join('\n');
}

/** In JSON mode without a response schema, the engine shows the schema in the system prompt. */
function schemaInSystem(system: string): Record<string, unknown> | undefined {
  const text = /matches this JSON Schema:\n(\{[\s\S]*\})\s*$/.exec(system)?.[1];
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as { properties?: Record<string, unknown> }).properties;
  } catch {
    // Not the engine's schema line: the call is treated as a text call.
    return undefined;
  }
}

function schemaProperties(request: FakeChatRequest): Record<string, unknown> | undefined {
  const format = request.response_format as
    | { json_schema?: { schema?: { properties?: object } } }
    | undefined;
  const fromFormat = format?.json_schema?.schema?.properties;
  if (fromFormat) return fromFormat as Record<string, unknown>;
  const tool = request.tools?.[0]?.function.parameters as { properties?: object } | undefined;
  if (tool?.properties) return tool.properties as Record<string, unknown>;
  return undefined;
}
