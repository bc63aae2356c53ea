import {
  emptyClaims,
  type Reference,
  type ResearchEvent,
  type ResearchEventPayload,
  type ResearchResult,
  type Usage,
} from '../contract/index.js';
import type { ResearchOptions, ResearchRuntime } from '../research/index.js';
import type { Runner } from '../runs/index.js';

export interface FakeRunnerOptions {
  /** Loop steps, each a search tool call (default 2). */
  steps?: number;
  /** Wait before each step, in milliseconds (default 0). */
  stepDelayMs?: number;
  /** Final answer (default "The answer [1]."). */
  answer?: string;
  /** Throw instead of answering (an engine bug). */
  throwError?: Error;
  /** Tokens each step spends (default 100). */
  tokensPerStep?: number;
  /** Pieces of a streamed report, sent as `report-delta` events before the answer draft. */
  reportDeltas?: readonly string[];
  /** The answer's references (default: one verified reference to https://example.com/a). */
  references?: readonly Reference[];
}

/** The final evaluation the fake engine gives every answer. */
export const FAKE_EVALUATION = {
  scores: { relevance: 8, accuracy: 9, completeness: 7, sourceQuality: 6 },
  strengths: ['Cites its source.'],
  weaknesses: ['One source only.'],
  recommendations: ['Read a second source.'],
  method: 'model' as const,
};

/** A runner that plays a scripted run, with calls recorded, for server tests and benchmarks. */
export interface FakeRunner extends Runner {
  calls: { options: ResearchOptions; runtime: ResearchRuntime }[];
}

function usageOf(tokens: number): Usage {
  return { inputTokens: tokens, outputTokens: 0, totalTokens: tokens, costUsd: tokens / 1_000_000 };
}

/**
 * Makes a fake engine: it emits run-start, then per step step-start, thought, tool-call, tool-result,
 * usage and knowledge-add, then any report deltas, answer-draft, evaluation and run-end; it honours
 * the abort signal between steps (ending `cancelled`) like the real engine.
 */
export function createFakeRunner(options: FakeRunnerOptions = {}): FakeRunner {
  const steps = options.steps ?? 2;
  const tokensPerStep = options.tokensPerStep ?? 100;
  const answer = options.answer ?? 'The answer [1].';
  const calls: FakeRunner['calls'] = [];
  const runner = async (research: ResearchOptions, runtime: ResearchRuntime): Promise<ResearchResult> => {
    calls.push({ options: research, runtime });
    const runId = runtime.runId ?? 'fake-run';
    const started = Date.now();
    let index = 0;
    let step = 0;
    const emit = (payload: ResearchEventPayload) => {
      const event = {
        ...payload,
        runId,
        index: index++,
        at: new Date().toISOString(),
        step,
      } as ResearchEvent;
      runtime.onEvent?.(event);
    };
    emit({
      type: 'run-start',
      question: research.question,
      options: {
        model: research.model ?? 'openai:gpt-4o-mini',
        search: research.search ?? ['duckduckgo'],
        tokenBudget: research.tokenBudget ?? 200_000,
        maxSteps: research.maxSteps ?? 20,
        maxTimeSeconds: research.maxTimeSeconds ?? 600,
        report: research.report ?? false,
      },
    });
    const references: Reference[] = options.references
      ? [...options.references]
      : [{ url: 'https://example.com/a', title: 'Example A', quote: 'a quote', verified: true }];
    const finish = (status: ResearchResult['status'], stopReason: ResearchResult['stopReason']) => {
      const usage = usageOf(step * tokensPerStep);
      const result: ResearchResult = {
        runId,
        question: research.question,
        status,
        stopReason,
        answer: status === 'cancelled' ? '' : answer,
        references: status === 'cancelled' ? [] : references,
        claims: status === 'cancelled' ? emptyClaims() : { total: 1, supported: 1, unsupported: [] },
        words: status === 'cancelled' ? 0 : answer.split(/\s+/).filter(Boolean).length,
        usage,
        llmCalls: step,
        steps: step,
        durationMs: Date.now() - started,
        ...(status === 'cancelled' ? {} : { evaluation: FAKE_EVALUATION }),
      };
      const { runId: _runId, question: _question, ...payload } = result;
      emit({ type: 'run-end', ...payload });
      return result;
    };
    for (step = 1; step <= steps; step++) {
      if (options.stepDelayMs) await new Promise((resolve) => setTimeout(resolve, options.stepDelayMs));
      if (runtime.signal?.aborted) {
        step -= 1;
        return finish('cancelled', 'cancelled');
      }
      if (options.throwError && step === steps) throw options.throwError;
      emit({
        type: 'step-start',
        tokensUsed: (step - 1) * tokensPerStep,
        tokenBudget: 200_000,
        elapsedMs: 0,
      });
      emit({ type: 'thought', action: 'search', text: `Searching for step ${step}.` });
      emit({
        type: 'tool-call',
        callId: `call-${step}`,
        tool: 'search',
        input: { queries: [`query ${step}`] },
      });
      emit({
        type: 'tool-result',
        callId: `call-${step}`,
        tool: 'search',
        ok: true,
        durationMs: 5,
        summary: '3 results',
      });
      emit({
        type: 'usage',
        role: 'planner',
        model: 'fake:model',
        ok: true,
        call: usageOf(tokensPerStep),
        total: usageOf(step * tokensPerStep),
        llmCalls: step,
        durationMs: 40,
      });
      emit({ type: 'knowledge-add', item: { kind: 'fact', content: `fact ${step}` } });
    }
    step = steps;
    for (const text of options.reportDeltas ?? []) emit({ type: 'report-delta', text });
    emit({ type: 'answer-draft', attempt: 1, answer, references });
    emit({
      type: 'evaluation',
      attempt: 1,
      pass: true,
      checks: [{ type: 'definitive', pass: true, reason: 'ok' }],
    });
    return finish('completed', 'evaluation_passed');
  };
  return Object.assign(runner, { calls });
}
