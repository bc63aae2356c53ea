import { type ResearchEvent, statusWithStop } from '../../contract/index.js';
import { actionText, plural } from '../../shared/index.js';

/** A `notifications/progress` message as the MCP SDK sends it. */
export interface ProgressNotification {
  method: 'notifications/progress';
  params: { progressToken: string | number; progress: number; total?: number; message: string };
}

/** What the run looks like now, folded from its events. */
interface ProgressState {
  maxSteps: number;
  tokens: number;
  action: string;
}

const flat = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/** One line for the host, or undefined for events that only update the state. */
function describe(event: ResearchEvent, state: ProgressState): string | undefined {
  switch (event.type) {
    case 'run-start':
      state.maxSteps = event.options.maxSteps;
      return `researching with ${event.options.model}`;
    case 'plan':
      return `plan: ${plural(event.subQuestions.filter((item) => item.status === 'open').length, 'open sub-question')}`;
    case 'step-start':
      state.tokens = event.tokensUsed;
      return 'thinking';
    case 'thought':
      state.action = event.action;
      return `${event.action}: ${flat(event.text, 120)}`;
    case 'tool-call':
      state.action = event.tool;
      return actionText(event.tool, event.input);
    case 'tool-result':
      return `${event.tool} ${event.ok ? 'done' : 'failed'}: ${flat(event.ok ? event.summary : (event.error?.message ?? event.summary), 120)}`;
    case 'answer-draft':
      state.action = 'evaluate';
      return `answer draft #${event.attempt} with ${plural(event.references.length, 'reference')}`;
    case 'evaluation':
      return `evaluation ${event.pass ? 'passed' : 'failed'} (attempt ${event.attempt})`;
    case 'finish-guard':
      state.action = 'answer';
      return `writing the final answer (${event.reason})`;
    case 'usage':
      state.tokens = event.total.totalTokens;
      return undefined;
    case 'warning':
      return `warning: ${flat(event.message, 160)}`;
    case 'run-end':
      state.tokens = event.usage.totalTokens;
      return `finished: ${statusWithStop(event.status, event.status, event.stopReason)}`;
    default:
      return undefined;
  }
}

/**
 * Turns a run's events into MCP progress notifications for the request that carries
 * `progressToken`: `progress` counts the notifications (it must grow with each one) and `message`
 * says the step, the action and the tokens used so far, e.g.
 * `step 2/20 · search · 1,234 tokens · searching "…"`. Notifications go out in event order;
 * `flush()` resolves once every one was handed to the transport.
 */
export function createProgressReporter(options: {
  progressToken: string | number | undefined;
  send: (notification: ProgressNotification) => Promise<void>;
}) {
  const state: ProgressState = { maxSteps: 0, tokens: 0, action: 'start' };
  let progress = 0;
  let chain = Promise.resolve();
  const { progressToken } = options;
  return {
    onEvent(event: ResearchEvent) {
      const line = describe(event, state);
      if (line === undefined || progressToken === undefined) return;
      progress += 1;
      const steps = state.maxSteps > 0 ? `${event.step}/${state.maxSteps}` : `${event.step}`;
      const message = `step ${steps} · ${state.action} · ${state.tokens.toLocaleString('en')} tokens · ${line}`;
      const notification: ProgressNotification = {
        method: 'notifications/progress',
        params: { progressToken, progress, message },
      };
      // A notification lost to a closed connection changes nothing of the run: the request's
      // abort signal is what cancels it. So a failed send is not the run's failure.
      chain = chain.then(() => options.send(notification)).catch(() => undefined);
    },
    flush: () => chain,
  };
}
