import { CHART_NODES, type ChartNodeId, type ChartState } from '../state/index.js';

const LABELS: Record<ChartNodeId, string> = {
  think: 'THINK',
  operate: 'OPERATE',
  reflect: 'REFLECT',
  evaluator: 'EVALUATOR',
  finish: 'FINISH',
};

const NODE_WIDTH = 104;
const NODE_HEIGHT = 48;
const GAP = 36;
const TOP = 52;
const xOf = (position: number) => 8 + position * (NODE_WIDTH + GAP);
const WIDTH = xOf(CHART_NODES.length) - GAP + 8;

/**
 * The loop as a chart: THINK → OPERATE → REFLECT → EVALUATOR → FINISH with the REFLECT → THINK loop
 * edge. Nodes light up while active, turn green once done, red with their last error on failure,
 * and count their visits. Fixed size: it never moves the page as events arrive.
 */
export function WorkflowChart({ chart }: { chart: ChartState }) {
  const reflect = CHART_NODES.indexOf('reflect');
  const loopStart = xOf(reflect) + NODE_WIDTH / 2;
  const loopEnd = xOf(0) + NODE_WIDTH / 2;
  const description = CHART_NODES.map((id) => {
    const node = chart.nodes[id];
    return `${LABELS[id]} ${node.status}, ${node.visits} visits${node.errors ? `, ${node.errors} errors` : ''}`;
  }).join('; ');
  return (
    <figure className="chart" data-outcome={chart.outcome ?? 'running'}>
      <svg
        viewBox={`0 0 ${WIDTH} ${TOP + NODE_HEIGHT + 30}`}
        role="img"
        aria-label={`Workflow: ${description}`}
      >
        <defs>
          <marker
            id="arrow"
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
          d={`M${loopStart},${TOP} C${loopStart},${TOP - 46} ${loopEnd},${TOP - 46} ${loopEnd},${TOP}`}
          className={`chart-edge chart-loop${chart.loops > 0 ? ' is-used' : ''}`}
          markerEnd="url(#arrow)"
        />
        <text x={(loopStart + loopEnd) / 2} y={TOP - 40} className="chart-loop-label" textAnchor="middle">
          loop ×{chart.loops}
        </text>
        {CHART_NODES.slice(1).map((id, position) => (
          <line
            key={id}
            x1={xOf(position) + NODE_WIDTH}
            y1={TOP + NODE_HEIGHT / 2}
            x2={xOf(position + 1) - 2}
            y2={TOP + NODE_HEIGHT / 2}
            className={`chart-edge${chart.nodes[id].visits > 0 ? ' is-used' : ''}`}
            markerEnd="url(#arrow)"
          />
        ))}
        {CHART_NODES.map((id, position) => {
          const node = chart.nodes[id];
          return (
            <g key={id} className={`chart-node is-${node.status}`} data-node={id} data-visits={node.visits}>
              <title>
                {node.lastError ? `${LABELS[id]}: ${node.lastError}` : `${LABELS[id]}: ${node.visits} visits`}
              </title>
              <rect x={xOf(position)} y={TOP} width={NODE_WIDTH} height={NODE_HEIGHT} rx="10" />
              <text
                x={xOf(position) + NODE_WIDTH / 2}
                y={TOP + 21}
                textAnchor="middle"
                className="chart-label"
              >
                {LABELS[id]}
              </text>
              <text
                x={xOf(position) + NODE_WIDTH / 2}
                y={TOP + 38}
                textAnchor="middle"
                className="chart-count"
              >
                {node.visits > 0 ? `×${node.visits}` : '–'}
                {node.errors > 0 ? ` · ${node.errors} ✗` : ''}
              </text>
            </g>
          );
        })}
        <text x={8} y={TOP + NODE_HEIGHT + 22} className="chart-error">
          {lastErrorLine(chart)}
        </text>
      </svg>
    </figure>
  );
}

function lastErrorLine(chart: ChartState): string {
  const failing = CHART_NODES.find((id) => chart.nodes[id].status === 'error');
  const message = failing ? chart.nodes[failing].lastError : undefined;
  if (!failing || !message) return '';
  const line = `${LABELS[failing]}: ${message}`;
  return line.length > 110 ? `${line.slice(0, 109)}…` : line;
}
