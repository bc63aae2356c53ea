import type { ResearchEvent } from '../events.js';

/** Nodes of the workflow chart, in the order they are drawn. */
export const CHART_NODES = ['think', 'operate', 'reflect', 'evaluator', 'finish'] as const;
export type ChartNodeId = (typeof CHART_NODES)[number];

/** How a node looks: never reached, the one working now, reached before, or failed last time. */
export type ChartNodeStatus = 'idle' | 'active' | 'done' | 'error';

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
  /** The node working now; undefined before the first event and after the run ended. */
  active?: ChartNodeId;
  /** Times the loop went back from REFLECT (or a rejected answer) to THINK. */
  loops: number;
  /** How the run ended, once it has. */
  outcome?: 'success' | 'partial' | 'failure' | 'cancelled';
}

const idle = (): ChartNode => ({ status: 'idle', visits: 0, errors: 0 });

export const initialChartState: ChartState = {
  nodes: { think: idle(), operate: idle(), reflect: idle(), evaluator: idle(), finish: idle() },
  loops: 0,
};

/** The node an event moves the run into, if any. */
function nodeOf(event: ResearchEvent): ChartNodeId | undefined {
  switch (event.type) {
    case 'thought':
      return 'think';
    case 'tool-call':
    case 'answer-draft':
      return 'operate';
    case 'observation':
      return 'reflect';
    case 'finish-guard':
      return 'finish';
    default:
      return undefined;
  }
}

function enter(state: ChartState, node: ChartNodeId): ChartState {
  if (state.active === node) return state;
  const nodes = { ...state.nodes };
  if (state.active && nodes[state.active].status === 'active') {
    nodes[state.active] = { ...nodes[state.active], status: 'done' };
  }
  const loops = node === 'think' && nodes.think.visits > 0 ? state.loops + 1 : state.loops;
  nodes[node] = { ...nodes[node], status: 'active', visits: nodes[node].visits + 1 };
  return { ...state, nodes, active: node, loops };
}

function fail(state: ChartState, node: ChartNodeId, message: string): ChartState {
  const current = state.nodes[node];
  return {
    ...state,
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

/** Folds one event into the workflow chart. Pure: the same events always draw the same chart. */
export function chartReducer(state: ChartState, event: ResearchEvent): ChartState {
  switch (event.type) {
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
    default: {
      const node = nodeOf(event);
      return node ? enter(state, node) : state;
    }
  }
}
