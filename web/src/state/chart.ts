import type { ResearchEvent } from '../../../src/contract/index.js';

/** Nodes of the workflow chart, in the order they are drawn. */
export const CHART_NODES = ['think', 'operate', 'reflect', 'evaluator', 'finish'] as const;
export type ChartNodeId = (typeof CHART_NODES)[number];

/**
 * How a node looks: never reached, the one working now, reached before, failed last time, or
 * the one that was working when the run was cut off (`stopped`: a crash interrupted it).
 */
export type ChartNodeStatus = 'idle' | 'active' | 'done' | 'error' | 'stopped';

export interface ChartNode {
  status: ChartNodeStatus;
  /** Times the run entered this node. */
  visits: number;
  /** Failures seen at this node (failed tools, rejected answers, run errors). */
  errors: number;
  /** The last failure, for the node's tooltip. */
  lastError?: string;
}

export interface ChartState {
  nodes: Record<ChartNodeId, ChartNode>;
  /** The node working now; undefined before the first event, between steps and after the run ended. */
  active?: ChartNodeId;
  /** The node entered last, working or not. */
  last?: ChartNodeId;
  /** The node that failed most recently, for the chart's error line. */
  lastFailed?: ChartNodeId;
  /** Times the loop went back from REFLECT (or a rejected answer) to THINK. */
  loops: number;
  /** How the run ended, once it has. */
  outcome?: 'success' | 'partial' | 'failure' | 'cancelled';
  /**
   * Who has a step under way now, in the order they started: sub-researchers (`q2`…) and the lead
   * (`lead`), which researches beside them in a run that has them.
   */
  working: string[];
  /** The most of them that worked at once (the first time that many did); empty in a run without them. */
  busiest: string[];
  /** Everyone who had a step (the lead, sub-researchers), in the order of their first. */
  researchers: string[];
  /** Programs OPERATE ran in the compute sandbox, and how many of them failed. */
  computations: { ran: number; failed: number };
}

const idle = (): ChartNode => ({ status: 'idle', visits: 0, errors: 0 });

export const initialChartState: ChartState = {
  nodes: { think: idle(), operate: idle(), reflect: idle(), evaluator: idle(), finish: idle() },
  loops: 0,
  working: [],
  busiest: [],
  researchers: [],
  computations: { ran: 0, failed: 0 },
};

/** The node an event moves the run into, if any. */
function nodeOf(event: ResearchEvent): ChartNodeId | undefined {
  switch (event.type) {
    case 'thought':
      return 'think';
    case 'tool-call':
      return 'operate';
    case 'observation':
      return 'reflect';
    case 'finish-guard':
      return 'finish';
    default:
      return undefined;
  }
}

/**
 * The working node, if any, is left: marked done, or `stopped` when the run was cut off while it
 * worked (an error stays an error).
 */
function leave(state: ChartState, status: 'done' | 'stopped' = 'done'): ChartState {
  const active = state.active;
  if (!active) return state;
  const nodes = { ...state.nodes };
  if (nodes[active].status === 'active') nodes[active] = { ...nodes[active], status };
  return { ...state, nodes, active: undefined };
}

function enter(state: ChartState, node: ChartNodeId): ChartState {
  if (state.active === node) return state;
  const left = leave(state);
  // Going back to THINK after reflecting or a rejected answer is the loop edge.
  const looped = node === 'think' && (state.last === 'reflect' || state.last === 'evaluator');
  const current = left.nodes[node];
  const nodes = { ...left.nodes, [node]: { ...current, status: 'active', visits: current.visits + 1 } };
  return { ...left, nodes, active: node, last: node, loops: looped ? state.loops + 1 : state.loops };
}

function fail(state: ChartState, node: ChartNodeId, message: string): ChartState {
  const current = state.nodes[node];
  return {
    ...state,
    lastFailed: node,
    nodes: {
      ...state.nodes,
      [node]: { ...current, status: 'error', errors: current.errors + 1, lastError: message },
    },
  };
}

const OUTCOMES = {
  completed: 'success',
  best_effort: 'partial',
  failed: 'failure',
  cancelled: 'cancelled',
} as const;

/**
 * Who is at work after an event: the lead or a sub-researcher starts with its step and is done at
 * its step's observation; none works once the run ended.
 */
function workingAfter(working: string[], event: ResearchEvent): string[] {
  if (event.type === 'run-end') return [];
  const id = event.subResearcher;
  if (!id) return working;
  if (event.type === 'step-start') return working.includes(id) ? working : [...working, id];
  if (event.type === 'observation') return working.filter((item) => item !== id);
  return working;
}

/** Programs run in the sandbox after an event: counted at their results. */
function computationsAfter(computations: ChartState['computations'], event: ResearchEvent) {
  if (event.type !== 'tool-result' || event.tool !== 'compute') return computations;
  return { ran: computations.ran + 1, failed: computations.failed + (event.ok ? 0 : 1) };
}

/** Folds one event into the workflow chart. Pure: the same events always draw the same chart. */
export function chartReducer(state: ChartState, event: ResearchEvent): ChartState {
  const next = loopChart(state, event);
  const working = workingAfter(state.working, event);
  return {
    ...next,
    working,
    busiest: working.length > state.busiest.length ? working : state.busiest,
    researchers: [...new Set([...state.researchers, ...working])],
    computations: computationsAfter(state.computations, event),
  };
}

/** The loop's nodes after an event. */
function loopChart(state: ChartState, event: ResearchEvent): ChartState {
  switch (event.type) {
    case 'step-start':
      // Each step starts at THINK: the node lights while the model chooses the action, before
      // its thought arrives, and every step is a new visit (even after a failed one).
      return enter(leave(state), 'think');
    case 'warning':
      // A failed step or final answer: the model call of THINK or FINISH failed. OPERATE's
      // failures arrive as failed tool results, so they are not counted twice.
      if (state.active === 'think' || state.active === 'finish')
        return fail(state, state.active, `${event.code}: ${event.message}`);
      return state;
    case 'answer-draft':
      // After a finish guard, the draft is the final answer FINISH writes, not a new OPERATE visit.
      return state.active === 'finish' ? state : enter(state, 'operate');
    case 'verification':
      // A draft's claims are checked; the evaluator judges it next (a final answer stays in FINISH).
      return state.active === 'finish' ? state : enter(state, 'evaluator');
    case 'tool-result':
      if (event.ok) return state;
      return fail(
        state,
        'operate',
        event.error ? `${event.error.code}: ${event.error.message}` : event.summary,
      );
    case 'evaluation': {
      const entered = enter(state, 'evaluator');
      if (event.pass) return entered;
      const failed = event.checks.filter((check) => !check.pass).map((check) => check.type);
      return fail(entered, 'evaluator', `attempt ${event.attempt} rejected: ${failed.join(', ')}`);
    }
    case 'run-error':
      return fail(state, state.active ?? 'think', `${event.code}: ${event.message}`);
    case 'run-end': {
      const entered = enter(state, 'finish');
      const outcome = OUTCOMES[event.status];
      const finish: ChartNode = { ...entered.nodes.finish, status: outcome === 'failure' ? 'error' : 'done' };
      const nodes = { ...entered.nodes, finish };
      return { ...entered, active: undefined, outcome, nodes };
    }
    case 'thought':
    case 'observation':
      // Step 0 is planning, before the loop starts: its thoughts are not loop steps.
      return event.step === 0 ? state : enter(state, event.type === 'thought' ? 'think' : 'reflect');
    default: {
      const node = nodeOf(event);
      return node ? enter(state, node) : state;
    }
  }
}

/**
 * The chart of a run the server reports as ended although its events never said so (a run
 * `interrupted` by a crash): nothing is working any more, the node that was working shows where
 * it stopped (not as done), and the outcome shows as partial.
 */
export function settleChart(state: ChartState): ChartState {
  if (state.outcome) return state;
  return { ...leave(state, 'stopped'), outcome: 'partial' };
}
