import { useState } from 'react';

/** One bar; `segments` stack from the bottom (their values add up to the bar's height). */
export interface Bar {
  /** Unique among the chart's bars. */
  id: string;
  label: string;
  segments: { value: number; className: string; name: string }[];
}

const WIDTH = 480;
const HEIGHT = 160;
const BOTTOM = 2;

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
  const [hovered, setHovered] = useState<number>();
  const describe = (bar: Bar) =>
    `${bar.label}: ${bar.segments.map((segment) => `${segment.name} ${format(segment.value)}`).join(', ')}`;
  const shown = hovered === undefined ? undefined : bars[hovered];
  return (
    <figure className="bar-chart">
      <figcaption>
        {title} <span className="muted">max {format(max)}</span>
      </figcaption>
      {/* The hovered bar's values, as text: a tooltip alone is slow to appear and hard to read. */}
      <p className="bar-readout muted" data-testid="bar-readout" aria-live="polite">
        {shown ? describe(shown) : '\u00a0'}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}: ${bars.map((bar, position) => `${bar.label} ${format(totals[position] ?? 0)}`).join(', ')}`}
      >
        <line x1="0" x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="axis" />
        {bars.map((bar, position) => {
          let y = HEIGHT - BOTTOM;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: pointer hover only mirrors the bar's <title>, which screen readers get from the chart's label.
            <g
              key={bar.id}
              className="bar"
              onMouseEnter={() => setHovered(position)}
              onMouseLeave={() => setHovered(undefined)}
            >
              <title>{describe(bar)}</title>
              {/* The whole column answers the pointer, also over a short or empty bar. */}
              <rect x={position * width} width={width} y={0} height={HEIGHT - BOTTOM} className="bar-hit" />
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
      </svg>
      {/* Axis labels in the page's own type size: inside the scaled SVG they would shrink with it. */}
      <div className="axis-labels" aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </div>
    </figure>
  );
}
