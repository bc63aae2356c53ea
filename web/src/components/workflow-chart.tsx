import { CHART_NODES, type ChartNodeId, type ChartState } from '../state/index.js';

const LABELS: Record<ChartNodeId, string> = {
  think: 'THINK',
  operate: 'OPERATE',
  reflect: 'REFLECT',
  evaluator: 'EVALUATOR',
  finish: 'FINISH',
};

/** Where a chart's parts go: nodes in a row on wide screens, in a column on phones. */
interface ChartLayout {
  name: 'wide' | 'tall';
  width: number;
  height: number;
  node: { width: number; height: number };
  /** Top-left corner of the node at `position`. */
  at: (position: number) => { x: number; y: number };
  /** The forward edge into the node at `position` (from the one before it). */
  edge: (position: number) => { x1: number; y1: number; x2: number; y2: number };
  /** The REFLECT → THINK edge as an SVG path, and where its label goes. */
  loop: (reflect: { x: number; y: number }, think: { x: number; y: number }) => string;
  loopLabel: (reflect: { x: number; y: number }, think: { x: number; y: number }) => { x: number; y: number };
  error: { x: number; y: number; maxCharacters: number };
}

const WIDE: ChartLayout = (() => {
  const node = { width: 104, height: 48 };
  const gap = 36;
  const top = 52;
  const at = (position: number) => ({ x: 8 + position * (node.width + gap), y: top });
  return {
    name: 'wide',
    width: at(CHART_NODES.length).x - gap + 8,
    height: top + node.height + 30,
    node,
    at,
    edge: (position) => ({
      x1: at(position - 1).x + node.width,
      y1: top + node.height / 2,
      x2: at(position).x - 2,
      y2: top + node.height / 2,
    }),
    loop: (reflect, think) => {
      const from = reflect.x + node.width / 2;
      const to = think.x + node.width / 2;
      return `M${from},${top} C${from},${top - 46} ${to},${top - 46} ${to},${top}`;
    },
    loopLabel: (reflect, think) => ({ x: (reflect.x + think.x + node.width) / 2, y: top - 40 }),
    error: { x: 8, y: top + node.height + 22, maxCharacters: 110 },
  };
})();

const TALL: ChartLayout = (() => {
  const node = { width: 150, height: 40 };
  const gap = 22;
  const at = (position: number) => ({ x: 12, y: 8 + position * (node.height + gap) });
  const right = 12 + node.width;
  return {
    name: 'tall',
    width: 300,
    height: at(CHART_NODES.length).y - gap + 30,
    node,
    at,
    edge: (position) => ({
      x1: 12 + node.width / 2,
      y1: at(position - 1).y + node.height,
      x2: 12 + node.width / 2,
      y2: at(position).y - 2,
    }),
    loop: (reflect, think) => {
      const from = reflect.y + node.height / 2;
      const to = think.y + node.height / 2;
      return `M${right},${from} C${right + 60},${from} ${right + 60},${to} ${right + 2},${to}`;
    },
    loopLabel: (reflect, think) => ({ x: right + 52, y: (reflect.y + think.y + node.height) / 2 + 4 }),
    error: { x: 12, y: at(CHART_NODES.length).y - gap + 20, maxCharacters: 48 },
  };
})();

/** "the lead, q1 and q2": who a caption names, the lead by its role. */
function names(ids: readonly string[]): string {
  const words = ids.map((id) => (id === 'lead' ? 'the lead' : id));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
}

/**
 * "Working now: the lead and q2" while a step is under way; once none is, the most that worked at
 * once and who, or who worked one at a time.
 */
function workingText(chart: ChartState): string {
  if (chart.working.length > 0) return `Working now: ${names(chart.working)}.`;
  const most = chart.busiest.length;
  if (most > 1) return `At most ${most} worked at once: ${names(chart.busiest)}.`;
  const everyone = names(chart.researchers).replace(/^the/, 'The');
  return chart.researchers.length > 1 ? `${everyone} worked one at a time.` : `${everyone} worked alone.`;
}

function lastErrorLine(chart: ChartState, maxCharacters: number): string {
  // The latest failure while it still shows, else the first node that shows one.
  const failing =
    chart.lastFailed && chart.nodes[chart.lastFailed].status === 'error'
      ? chart.lastFailed
      : CHART_NODES.find((id) => chart.nodes[id].status === 'error');
  const message = failing ? chart.nodes[failing].lastError : undefined;
  if (!failing || !message) return '';
  const line = `${LABELS[failing]}: ${message}`;
  return line.length > maxCharacters ? `${line.slice(0, maxCharacters - 1)}…` : line;
}

/** What OPERATE computed (its node shows `ƒ2`): programs run in the sandbox, and failed ones. */
function computeLine({ ran, failed }: ChartState['computations']): string {
  return `${ran} program${ran === 1 ? '' : 's'} computed${failed > 0 ? `, ${failed} failed` : ''}`;
}

function ChartDrawing({ chart, layout }: { chart: ChartState; layout: ChartLayout }) {
  const marker = `arrow-${layout.name}`;
  const reflect = layout.at(CHART_NODES.indexOf('reflect'));
  const think = layout.at(0);
  const label = layout.loopLabel(reflect, think);
  const description = CHART_NODES.map((id) => {
    const node = chart.nodes[id];
    const computed =
      id === 'operate' && chart.computations.ran > 0 ? `, ${computeLine(chart.computations)}` : '';
    return `${LABELS[id]} ${node.status}, ${node.visits} visits${node.errors ? `, ${node.errors} errors` : ''}${computed}`;
  }).join('; ');
  return (
    <svg
      className={`chart-${layout.name}`}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-label={`Workflow: ${description}`}
    >
      <defs>
        <marker
          id={marker}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" className="chart-arrow" />
        </marker>
      </defs>
      <path
        d={layout.loop(reflect, think)}
        className={`chart-edge chart-loop${chart.loops > 0 ? ' is-used' : ''}`}
        markerEnd={`url(#${marker})`}
      />
      <text x={label.x} y={label.y} className="chart-loop-label" textAnchor="middle">
        loop ×{chart.loops}
      </text>
      {CHART_NODES.slice(1).map((id, position) => (
        <line
          key={id}
          {...layout.edge(position + 1)}
          className={`chart-edge${chart.nodes[id].visits > 0 ? ' is-used' : ''}`}
          markerEnd={`url(#${marker})`}
        />
      ))}
      {CHART_NODES.map((id, position) => {
        const node = chart.nodes[id];
        const { x, y } = layout.at(position);
        const middle = x + layout.node.width / 2;
        return (
          <g
            key={id}
            className={`chart-node is-${node.status}`}
            data-node={id}
            data-visits={node.visits}
            data-errors={node.errors}
          >
            <title>
              {node.lastError ? `${LABELS[id]}: ${node.lastError}` : `${LABELS[id]}: ${node.visits} visits`}
              {id === 'operate' && chart.computations.ran > 0 ? ` (${computeLine(chart.computations)})` : ''}
            </title>
            <rect x={x} y={y} width={layout.node.width} height={layout.node.height} rx="10" />
            <text x={middle} y={y + layout.node.height / 2 - 3} textAnchor="middle" className="chart-label">
              {LABELS[id]}
            </text>
            <text x={middle} y={y + layout.node.height / 2 + 13} textAnchor="middle" className="chart-count">
              {node.visits > 0 ? `×${node.visits}` : '–'}
              {node.errors > 0 ? ` · ${node.errors} ✗` : ''}
              {id === 'operate' && chart.computations.ran > 0 ? ` · ƒ${chart.computations.ran}` : ''}
            </text>
          </g>
        );
      })}
      <text x={layout.error.x} y={layout.error.y} className="chart-error">
        {lastErrorLine(chart, layout.error.maxCharacters)}
      </text>
    </svg>
  );
}

/**
 * The loop as a chart: THINK → OPERATE → REFLECT → EVALUATOR → FINISH with the REFLECT → THINK loop
 * edge. Nodes light up while active, turn green once done, red with their last error on failure,
 * and count their visits. A row on wide screens, a column on phones; fixed size either way, so it
 * never moves the page as events arrive.
 */
export function WorkflowChart({ chart }: { chart: ChartState }) {
  return (
    <figure className="chart" data-outcome={chart.outcome ?? 'running'} data-working={chart.working.length}>
      <ChartDrawing chart={chart} layout={WIDE} />
      <ChartDrawing chart={chart} layout={TALL} />
      {chart.researchers.some((id) => id !== 'lead') && (
        <figcaption className="muted">{workingText(chart)}</figcaption>
      )}
    </figure>
  );
}
