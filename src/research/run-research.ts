import { randomUUID } from 'node:crypto';
import { FINAL_ANSWER_RESERVE } from '../config/index.js';
import { parseResearchConfig } from '../config/schemas.js';
import type { MemoryUse, ResearchResult } from '../contract/index.js';
import { emptyUsage, type ResearchEventPayload, type RunEnding } from '../contract/index.js';
// The id function only: the corpus module itself loads when a folder is opened.
import { corpusIds } from '../corpus/index.js';
import { ConfigError, describeError } from '../errors.js';
import type { Llm, LlmCallReport } from '../llm/index.js';
import { type Conclusion, conclude, emptyConclusion, fatalConclusion } from './conclude.js';
import { createEmitter } from './emitter.js';
import { findConflicts } from './evidence/conflicts.js';
import { subQuestionOutcomes } from './evidence/coverage.js';
import { fatalModelFailure } from './failures.js';
import { shiftClock } from './loop/ask-person.js';
import { type EventOrigin, type LoopEnd, runLoop } from './loop/loop.js';
import { createLoopState, type LoopState } from './loop/loop-state.js';
import { createTokenBudget } from './loop/token-budget.js';
import { reloadSources, restoreFromEvents } from './resume.js';
import { createRunRecords, type RunRecords } from './run/run-records.js';
import type { Capabilities } from './run/step-context.js';
import { createRunArchiver } from './setup/archive-setup.js';
import { buildCapabilities, usesCorpora } from './setup/capabilities.js';
import { attachCorpora } from './setup/corpus-setup.js';
import { attachMemory } from './setup/memory-setup.js';
import { wordedFor } from './setup/operator-wording.js';
import { runImages } from './sources/run-images.js';
import { readPages } from './sources/source-record.js';
import { warmUpSupportCheck } from './support/index.js';
import type { ResearchOptions, ResearchRuntime } from './types.js';

/** Splits the question from the options and validates both before any work. */
function validate(options: ResearchOptions) {
  if (typeof options !== 'object' || options === null)
    throw new ConfigError('Pass an options object with a question.');
  const { question, ...rest } = options;
  if (typeof question !== 'string' || question.trim().length === 0) {
    throw new ConfigError('The question is empty; pass the question to research.', { key: 'question' });
  }
  return { question: question.trim(), config: parseResearchConfig(rest) };
}

/**
 * Researches a question and returns a cited answer. Always ends: within the token budget, step,
 * time, failure, answer-attempt and repeated-action caps, with a status, a stop reason and the
 * best answer it could make. Throws only `ConfigError`, before any work, for invalid options.
 */
export async function research(
  options: ResearchOptions,
  runtime: ResearchRuntime = {},
): Promise<ResearchResult> {
  const { question, config } = validate(options);
  const runId = runtime.runId ?? randomUUID();
  const startedAt = Date.now();
  const emitter = createEmitter({ runId, onEvent: runtime.onEvent });
  const run = createRunRecords({ question, options: { ...config, question }, startedAt });
  let loop: LoopState = createLoopState();
  const emit = (payload: ResearchEventPayload, origin?: EventOrigin) =>
    emitter.emit(payload, origin?.step ?? loop.counters.step, origin?.subResearcher);
  const totalMs = config.maxTimeSeconds * 1000;
  const limits = {
    loopDeadline: startedAt + totalMs * (1 - FINAL_ANSWER_RESERVE),
    runDeadline: startedAt + totalMs,
    spendableTokens: config.tokenBudget * (1 - FINAL_ANSWER_RESERVE),
  };

  emit({
    type: 'run-start',
    question,
    options: {
      model: config.model,
      // A corpus run without `web` searches no web provider.
      search:
        usesCorpora(config, runtime) && !config.web
          ? []
          : (runtime.searchProviders?.map((provider) => provider.id) ?? config.search),
      ...(usesCorpora(config, runtime)
        ? { corpora: runtime.corpora ? config.corpora : corpusIds(config.corpus) }
        : {}),
      tokenBudget: config.tokenBudget,
      maxSteps: config.maxSteps,
      maxTimeSeconds: config.maxTimeSeconds,
      report: config.report,
    },
  });

  const onCall = (report: LlmCallReport, llm: Llm) => {
    const totals = llm.totals();
    emit({
      type: 'usage',
      role: report.role,
      model: report.model,
      ok: report.ok,
      ...(report.error?.code === 'aborted' ? { cancelled: true } : {}),
      call: report.usage,
      total: totals.usage,
      llmCalls: totals.calls,
      durationMs: report.durationMs,
      ...(report.fallback ? { fallback: true } : {}),
    });
  };

  const archiver = createRunArchiver({
    runId,
    config: runtime.reader ? { ...config, archive: 'off' } : config,
    onArchive: runtime.onArchive,
    fixedBy: runtime.fixedBy,
    onWarning: (code, message) => emit({ type: 'warning', code, message }),
  });
  let capabilities: Capabilities | undefined;
  let conclusion: Conclusion;
  let closeCorpora = () => {};
  let memories: MemoryUse[] = [];
  // How the research ended before the process died, when it had: the resumed run only answers.
  let restoredEnd: LoopEnd | undefined;
  try {
    capabilities = buildCapabilities(config, runtime, {
      onCall,
      onWarning: (code, message) => emit({ type: 'warning', code, message }),
      onCooldown: (model, cooldownMs) =>
        emit({
          type: 'warning',
          code: 'model_cooldown',
          model,
          message: `${model} failed several calls in a row; it is skipped for ${Math.round(cooldownMs / 1000)} s while the other models answer.`,
        }),
      onScreenshot: runtime.onScreenshot,
      onExchange: archiver.onExchange,
    });
    // The support check's tagger loads while the run plans and searches, not at its first claim;
    // a warm-up that fails changes nothing: the check loads what it needs itself (and says why not).
    warmUpSupportCheck().catch(() => {});
    closeCorpora = await attachCorpora({ config, runtime, capabilities, emit });
    if (runtime.resumeFrom && runtime.resumeFrom.length > 0) {
      const restored = restoreFromEvents(run, runtime.resumeFrom);
      restoredEnd = restored.loopEnd;
      loop = createLoopState({ steps: restored.steps, researchSteps: restored.researchSteps });
      // A run answered after a pause continues its clock where it paused: the wait is not counted.
      if (restored.elapsedMs !== undefined) {
        shiftClock({ run, limits }, Date.now() - restored.elapsedMs - run.startedAt);
      }
      const urls = restored.readUrls;
      const failures = await reloadSources(run, {
        reader: capabilities.reader,
        urls,
        signal: runtime.signal,
      });
      for (const failure of failures) {
        const described = describeError(failure.error);
        emit({
          type: 'warning',
          code: described.code,
          message: `Could not reload ${failure.url}: ${described.message}`,
        });
      }
      emit({
        type: 'observation',
        text: `Resumed: ${run.evidence.findings.all.length} findings, ${run.evidence.knowledge.items.length} knowledge items, ${urls.length} sources, ${run.sources.queries.length} queries.`,
      });
    }
    memories = await attachMemory({ run, runtime, emit });
    // One budget for every call of the run: the loop's up to the final answer's reserve.
    const budget = createTokenBudget(capabilities.llm, {
      limit: limits.spendableTokens,
      total: config.tokenBudget,
    });
    const loopEnd =
      restoredEnd ??
      (await runLoop({
        run,
        loop,
        capabilities,
        emit,
        limits,
        budget,
        signal: runtime.signal,
        askInput: runtime.askInput,
      }));
    if (loopEnd.stopReason === 'awaiting_input' && run.input.waiting) {
      return pausedResult({
        runId,
        question,
        run,
        usage: capabilities.llm.totals(),
        steps: loop.counters.step,
      });
    }
    // The final answer may spend the reserve too, and the budget still holds for its calls.
    budget.setLimit(config.tokenBudget);
    conclusion = await conclude({
      run,
      loop,
      capabilities: { ...capabilities, llm: budget.llmFor({ waitsForHolds: true, spent: 0 }) },
      emit,
      limits,
      loopEnd,
      signal: runtime.signal,
    });
  } catch (thrown) {
    // Only setup faults and engine bugs reach here; the loop itself turns failures into outcomes.
    const error = wordedFor(thrown, runtime);
    const fatal = fatalModelFailure(error);
    if (runtime.signal?.aborted) {
      conclusion = emptyConclusion('cancelled', 'cancelled');
    } else if (fatal) {
      conclusion = fatalConclusion(fatal);
    } else {
      conclusion = emptyConclusion('failed', 'error', describeError(error));
    }
  } finally {
    closeCorpora();
  }

  const totals = capabilities?.llm.totals() ?? { usage: emptyUsage(), calls: 0 };
  const durationMs = Date.now() - run.startedAt;
  const outcomes = subQuestionOutcomes(run);
  const conflicts = findConflicts(run.evidence.findings.all);
  const images = runImages(readPages(run.sources), conclusion.references);
  const reader = capabilities?.reader;
  const archived = await archiver.finish(
    conclusion.references,
    reader && conclusion.status !== 'cancelled' ? (url) => reader.read(url, { fresh: true }) : undefined,
  );
  if (conclusion.status === 'failed') {
    const error = conclusion.error ?? { code: 'error', message: 'The run failed.' };
    emit({ type: 'run-error', code: error.code, message: error.message });
  }
  // What the run-end event and the result both say.
  const ending: RunEnding = {
    status: conclusion.status,
    stopReason: conclusion.stopReason,
    answer: conclusion.answer,
    references: archived.references,
    claims: conclusion.claims,
    words: conclusion.words,
    usage: totals.usage,
    llmCalls: totals.calls,
    steps: loop.counters.step,
    durationMs,
    evaluation: conclusion.evaluation,
    ...(outcomes.length > 0 ? { subQuestions: outcomes } : {}),
    ...(conflicts.length > 0 ? { conflicts } : {}),
    ...(memories.length > 0 ? { memories } : {}),
    followUps: conclusion.followUps,
    ...(images.length > 0 ? { images } : {}),
    archive: archived.summary,
  };
  emit({ type: 'run-end', ...ending });
  return {
    runId,
    question,
    ...ending,
    ...(conclusion.status === 'failed' && conclusion.error ? { error: conclusion.error } : {}),
  };
}

/**
 * What a run that paused for a person's input returns: status `needs_input`, the request in
 * `input`, no answer yet and no `run-end` (its events end with the `input-request`).
 */
function pausedResult(options: {
  runId: string;
  question: string;
  run: RunRecords;
  usage: { usage: ResearchResult['usage']; calls: number };
  steps: number;
}): ResearchResult {
  const { run } = options;
  return {
    runId: options.runId,
    question: options.question,
    ...emptyConclusion('cancelled', 'awaiting_input'),
    status: 'needs_input',
    usage: options.usage.usage,
    llmCalls: options.usage.calls,
    steps: options.steps,
    durationMs: Date.now() - run.startedAt,
    input: run.input.waiting,
  };
}
