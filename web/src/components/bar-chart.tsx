/** One bar; `segments` stack from the bottom (their values add up to the bar's height). */
export interface Bar {
  /** Unique among the chart's bars. */
  id: string;
  label: string;
  segments: { value: number; className: string; name: string }[];
}

const WIDTH = 480;
const HEIGHT = 160;
const BOTTOM = 18;

/** A small stacked bar chart drawn as SVG, with a text description for screen readers. */
export function BarChart({
  title,
  bars,
  format,
}: {
  title: string;
  bars: Bar[];
  format: (value: number) => string;
}) {
  const totals = bars.map((bar) => bar.segments.reduce((sum, segment) => sum + segment.value, 0));
  const max = Math.max(0, ...totals);
  // A few bars stay slim rather than filling the whole width.
  const width = Math.min(48, bars.length > 0 ? WIDTH / bars.length : WIDTH);
  const scale = max > 0 ? (HEIGHT - BOTTOM - 14) / max : 0;
  const first = bars[0]?.label ?? '';
  const last = bars.at(-1)?.label ?? '';
  return (
    <figure className="bar-chart">
      <figcaption>
        {title} <span className="muted">max {format(max)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}: ${bars.map((bar, position) => `${bar.label} ${format(totals[position] ?? 0)}`).join(', ')}`}
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="axis" />
        {bars.map((bar, position) => {
          let y = HEIGHT - BOTTOM;
          return (
            <g key={bar.id}>
              <title>{`${bar.label}: ${bar.segments.map((segment) => `${segment.name} ${format(segment.value)}`).join(', ')}`}</title>
              {bar.segments.map((segment) => {
                const height = segment.value * scale;
                y -= height;
                return (
                  <rect
                    key={segment.name}
                    x={position * width + width * 0.15}
                    width={Math.max(1, width * 0.7)}
                    y={y}
                    height={height}
                    className={segment.className}
                  />
                );
              })}
            </g>
          );
        })}
        <text x="0" y={HEIGHT - 4} className="axis-label">
          {first}
        </text>
        <text x={WIDTH} y={HEIGHT - 4} textAnchor="end" className="axis-label">
          {last}
        </text>
      </svg>
    </figure>
  );
}
