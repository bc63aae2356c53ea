import {
  checkedClaims,
  describeSupport,
  describeUnchecked,
  type ResearchEvent,
  STATUS_WORDS,
  statusWithStop,
} from '../contract/index.js';
import { createLiveStatus } from './live-status.js';
import { actionText, costText, plural, truncate } from './progress-words.js';
import { visibleText } from './visible-text.js';

/** Lines of a program shown in progress; longer ones end with how many more there are. */
const PROGRAM_LINES = 8;

/** A compute call for people: what it computes from which findings, and its program, indented. */
function computeLines(input: Record<string, unknown>): string {
  const purpose = typeof input.purpose === 'string' ? input.purpose : '';
  const inputs = Array.isArray(input.inputs) ? input.inputs.map(String).join(', ') : '';
  const lines = (typeof input.program === 'string' ? input.program : '').split('\n');
  const shown = lines
    .slice(0, PROGRAM_LINES)
    .map((line) => `\n      ${visibleText(truncate(line, 120), { line: true })}`);
  const more =
    lines.length > PROGRAM_LINES ? `\n      … ${plural(lines.length - PROGRAM_LINES, 'more line')}` : '';
  return `  ƒ compute ${visibleText(truncate(purpose, 100), { line: true })}${inputs ? ` from ${visibleText(inputs, { line: true })}` : ''}:${shown.join('')}${more}`;
}

export interface ProgressOptions {
  stream: NodeJS.WritableStream;
  /** Live status line when true; plain lines otherwise. */
  isTTY: boolean;
  tokenBudget: number;
  now?: () => number;
}

/** The state the status line shows, folded from events (what the run does now: `createLiveStatus`). */
interface ProgressState {
  step: number;
  tokens: number;
  costUsd: number | null;
  startedAt: number;
  /** What each sub-researcher at work is doing, by id (`q2`), while its step runs. */
  researchers: Map<string, { step: number; action: string }>;
}

/**
 * Follows the sub-researchers at work: one starts with its step, says what it does in its
 * thought and tool calls, and is done at its step's observation.
 */
function trackResearcher(state: ProgressState, event: ResearchEvent): void {
  const id = event.subResearcher;
  if (!id || id === 'lead') return;
  if (event.type === 'step-start') state.researchers.set(id, { step: event.step, action: 'starting' });
  const entry = state.researchers.get(id);
  if (!entry) return;
  if (event.type === 'thought') entry.action = event.action;
  if (event.type === 'tool-call') entry.action = actionText(event.tool, event.input);
  if (event.type === 'observation') state.researchers.delete(id);
}

/**
 * Renders research events for people on stderr: on a TTY one live status line (step, current action,
 * budget used, tokens, cost, elapsed) with a line per significant event above it; elsewhere plain
 * lines only. Returns the event callback and a `close()` that clears the status line.
 */
export function createProgressRenderer(options: ProgressOptions) {
  const now = options.now ?? Date.now;
  // The cost is unknown until a model call reports one.
  const state: ProgressState = {
    step: 0,
    tokens: 0,
    costUsd: null,
    startedAt: now(),
    researchers: new Map(),
  };
  // Lines of the live status: the run's, then one per sub-researcher at work.
  let statusLines = 0;
  const status = createLiveStatus();

  const clearStatus = () => {
    if (options.isTTY && statusLines > 0)
      options.stream.write(`\r\x1b[2K${'\x1b[1A\r\x1b[2K'.repeat(statusLines - 1)}`);
    statusLines = 0;
  };
  const drawStatus = () => {
    if (!options.isTTY) return;
    const percent = Math.min(100, Math.round((state.tokens / options.tokenBudget) * 100));
    const elapsed = `${Math.round((now() - state.startedAt) / 1000)}s`;
    const line = `⏳ step ${state.step} · ${status.text} · budget ${percent}% · ${plural(state.tokens, 'token')} · ${costText(state.costUsd)} · ${elapsed}`;
    const width = (options.stream as NodeJS.WriteStream).columns ?? 120;
    const researchers = [...state.researchers].map(
      ([id, entry]) => `   ↳ sub-researcher ${id} · step ${entry.step} · ${entry.action}`,
    );
    const lines = [line, ...researchers].map((text) => text.slice(0, Math.max(20, width - 1)));
    clearStatus();
    options.stream.write(`\r\x1b[2K${lines.join('\n')}`);
    statusLines = lines.length;
  };
  const print = (line: string) => {
    clearStatus();
    options.stream.write(`${line}\n`);
    drawStatus();
  };

  const onEvent = (event: ResearchEvent) => {
    if (event.type === 'input-request') {
      // The person is asked next, on this stream: no status line is left for the prompt to follow.
      clearStatus();
      const what = event.request.kind === 'clarify' ? 'clarifying questions' : 'the plan to review';
      options.stream.write(
        `${options.isTTY ? '' : `[step ${event.step}] `}Waiting for your input: ${what}.\n`,
      );
      return;
    }
    state.step = Math.max(state.step, event.step);
    status.apply(event);
    trackResearcher(state, event);
    const line = describeEvent(event, state);
    const who = event.subResearcher ? ` ${event.subResearcher}` : '';
    if (line)
      print(
        options.isTTY
          ? `${who ? `[${event.subResearcher}] ` : ''}${line}`
          : `[step ${event.step}${who}] ${line}`,
      );
    else drawStatus();
  };
  const close = () => clearStatus();
  return { onEvent, close };
}

function describeEvent(event: ResearchEvent, state: ProgressState): string | undefined {
  switch (event.type) {
    case 'run-start':
      return `Researching: ${event.question} (model ${event.options.model}${event.options.corpora?.length ? `, corpus ${event.options.corpora.join(',')}` : ''}${event.options.search.length > 0 ? `, search ${event.options.search.join(',')}` : ''})`;
    case 'plan': {
      // Perspectives are shown when the plan has several; one (`main`) adds nothing.
      const perspectives = (event.perspectives ?? []).length > 1 ? (event.perspectives ?? []) : [];
      const nameOf = (id: string | undefined) => perspectives.find((item) => item.id === id)?.name;
      return `Plan: ${plural(event.subQuestions.filter((item) => item.status === 'open').length, 'open sub-question')}${
        perspectives.length > 0
          ? ` in ${perspectives.length} perspectives (${perspectives.map((item) => item.name).join(', ')})`
          : ''
      }${event.subQuestions
        .slice(0, 8)
        .map((item) => {
          const tags = [nameOf(item.perspective), item.origin === 'critique' ? 'gap' : undefined].filter(
            Boolean,
          );
          return `\n    ${item.status === 'closed' ? '✓' : '·'} ${item.text}${tags.length > 0 ? ` [${tags.join(', ')}]` : ''}`;
        })
        .join('')}`;
    }
    case 'memory':
      return `Remembering ${plural(event.runs.length, 'earlier run')}${event.runs
        .map(
          (use) =>
            `\n    ${use.runId.slice(0, 8)} (${use.ageDays} d${use.followUp ? ', followed up' : ''}): ${truncate(use.question, 100)} — ${plural(use.findings, 'finding')}${use.staleFindings > 0 ? `, ${use.staleFindings} too old` : ''}`,
        )
        .join('')}`;
    case 'thought':
      return `→ ${event.action}: ${truncate(event.text, 160)}`;
    case 'tool-call':
      return event.tool === 'compute' ? computeLines(event.input) : undefined;
    case 'tool-result':
      return `  ${event.ok ? '✓' : '✗'} ${event.tool} (${event.durationMs} ms): ${event.ok ? event.summary : (event.error?.message ?? event.summary)}`;
    case 'finding':
      return `  + ${event.finding.id} (${event.finding.subQuestionId}): ${truncate(event.finding.claim, 140)}`;
    case 'answer-draft':
      return `Drafted answer #${event.attempt} with ${plural(event.references.length, 'reference')}`;
    case 'verification': {
      const unsupported = event.summary.unsupported
        .slice(0, 3)
        .map((claim) => `\n    ✗ ${truncate(claim.text, 120)} (${truncate(claim.reason, 80)})`);
      const more =
        event.summary.unsupported.length > 3 ? `\n    … ${event.summary.unsupported.length - 3} more` : '';
      const checked = checkedClaims(event.summary) > 0 || event.summary.total === 0;
      const what = checked ? 'Checked claims' : 'Claims';
      return `${what} of answer #${event.attempt}: ${describeSupport(event.summary) ?? 'no factual claim'}${unsupported.join('')}${more}`;
    }
    case 'evaluation': {
      const failed = event.checks.filter((check) => !check.pass);
      return event.pass
        ? `Evaluation passed (attempt ${event.attempt})`
        : `Evaluation failed (attempt ${event.attempt}): ${failed.map((check) => `${check.type}: ${truncate(check.reason, 100)}`).join('; ')}`;
    }
    case 'finish-guard':
      return `Stopping research (${event.reason}): ${event.message}`;
    case 'usage':
      state.tokens = event.total.totalTokens;
      state.costUsd = event.total.costUsd;
      return undefined;
    case 'warning':
      return `⚠ ${event.message}`;
    case 'run-error':
      return `✗ ${event.message}`;
    case 'run-end':
      return `Finished: ${statusWithStop(STATUS_WORDS[event.status], event.status, event.stopReason)} in ${(event.durationMs / 1000).toFixed(1)}s, ${plural(event.steps, 'step')}, ${plural(event.llmCalls, 'model call')}, ${plural(event.usage.totalTokens, 'token')}, ${costText(event.llmCalls === 0 ? state.costUsd : event.usage.costUsd)}${supportNote(event)}`;
    case 'step-start':
      state.tokens = event.tokensUsed;
      return undefined;
    default:
      return undefined;
  }
}

/** ", 12/14 claims supported" when the answer's claims were checked, ", claims not checked (why)" when none was. */
function supportNote(event: Extract<ResearchEvent, { type: 'run-end' }>): string {
  const claims = event.claims;
  if (!claims || claims.total === 0) return '';
  if (checkedClaims(claims) === 0) return `, claims ${describeUnchecked(claims) ?? 'not checked'}`;
  return `, ${claims.supported}/${claims.total} claims supported`;
}
