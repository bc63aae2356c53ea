import type { InputAnswer, InputKind, InputRequest } from '../../contract/index.js';

/** One clarification of the question by the person who asked it. */
export interface Clarification {
  /** The clarifying question it answers; absent for answers given up front (`answers`). */
  question?: string;
  answer: string;
}

/** What a run asked the person who started it, what they answered, and what was applied. */
export interface InputRecord {
  /** The question's clarifications: what the planner, the researchers and the writer are told. */
  clarifications: Clarification[];
  /** The last request of each kind (from this process or the run's stored events). */
  requests: {
    clarify?: Extract<InputRequest, { kind: 'clarify' }>;
    plan?: Extract<InputRequest, { kind: 'plan' }>;
  };
  /** The answer to each request, once given. */
  answers: {
    clarify?: Extract<InputAnswer, { kind: 'clarify' }>;
    plan?: Extract<InputAnswer, { kind: 'plan' }>;
  };
  /** Kinds whose answer has been applied (or that needed none). */
  settled: Set<InputKind>;
  /** The request the run paused on, when it did. */
  waiting?: InputRequest;
}

/** Nothing asked yet. */
export function createInputRecord(): InputRecord {
  return { clarifications: [], requests: {}, answers: {}, settled: new Set() };
}

/** Records a request (asked now or found in stored events). */
export function noteRequest(record: InputRecord, request: InputRequest): void {
  if (request.kind === 'clarify') record.requests.clarify = request;
  else record.requests.plan = request;
}

/** Records an answer (given now or found in stored events). */
export function noteAnswer(record: InputRecord, answer: InputAnswer): void {
  if (answer.kind === 'clarify') record.answers.clarify = answer;
  else record.answers.plan = answer;
}
