import { type KeyboardEvent, useId, useState } from 'react';

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

/** The bar the arrow keys (Home, End, ←, →) move to from `current` among `count` bars. */
function nextBar(key: string, current: number | undefined, count: number): number | undefined {
  if (count === 0) return undefined;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === 'ArrowRight') return current === undefined ? 0 : Math.min(count - 1, current + 1);
  if (key === 'ArrowLeft') return current === undefined ? count - 1 : Math.max(0, current - 1);
  return current;
}

/**
 * A small stacked bar chart drawn as SVG. A bar's values show in the line above the chart on hover,
 * on a tap, or from the keyboard: the chart is a list box whose options are the bars, so it takes
 * focus, the arrow keys move from bar to bar, and screen readers read each. When every bar is 0 it says so (`empty`) instead
 * of drawing an empty box.
 */
export function BarChart({
  title,
  bars,
  format,
  empty,
}: {
  title: string;
  bars: Bar[];
  format: (value: number) => string;
  /** What to say when there is no bar above 0, e.g. "Every evaluation scored 0%." */
  empty?: string;
}) {
  const totals = bars.map((bar) => bar.segments.reduce((sum, segment) => sum + segment.value, 0));
  const max = Math.max(0, ...totals);
  // Bars share the whole width, each drawn in the middle of its slot.
  const slot = bars.length > 0 ? WIDTH / bars.length : WIDTH;
  const width = Math.min(slot * 0.7, 48);
  const scale = max > 0 ? (HEIGHT - BOTTOM - 14) / max : 0;
  const first = bars[0]?.label ?? '';
  const last = bars.at(-1)?.label ?? '';
  const [selected, setSelected] = useState<number>();
  const id = useId();
  const describe = (bar: Bar) =>
    `${bar.label}: ${bar.segments.map((segment) => `${segment.name} ${format(segment.value)}`).join(', ')}`;
  const shown = selected === undefined ? undefined : bars[selected];
  const onKeyDown = (event: KeyboardEvent) => {
    const next = nextBar(event.key, selected, bars.length);
    if (next === selected) return;
    event.preventDefault();
    setSelected(next);
  };
  return (
    <figure className="bar-chart">
      <figcaption>
        {title} <span className="muted">max {format(max)}</span>
      </figcaption>
      {max === 0 ? (
        <p className="bar-empty" data-testid="bar-empty">
          {bars.length === 0 ? 'Nothing to show yet.' : (empty ?? `Every bar is ${format(0)}.`)}
        </p>
      ) : (
        <>
          {/* The chosen bar's values, as text: a tooltip alone is slow to appear and hard to read. */}
          <p className="bar-readout muted" data-testid="bar-readout" aria-live="polite">
            {shown ? describe(shown) : '\u00a0'}
          </p>
          {/* One option per bar: the arrow keys move through them, and each is read out. */}
          <div
            className="bar-area"
            tabIndex={0}
            role="listbox"
            aria-label={`${title}, one bar per option`}
            aria-activedescendant={selected === undefined ? undefined : `${id}-${selected}`}
            onKeyDown={onKeyDown}
            onBlur={() => setSelected(undefined)}
          >
            <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="none">
              <line x1="0" x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="axis" />
              {bars.map((bar, position) => {
                let y = HEIGHT - BOTTOM;
                return (
                  <g
                    key={bar.id}
                    id={`${id}-${position}`}
                    role="option"
                    aria-selected={position === selected}
                    aria-label={describe(bar)}
                    className={position === selected ? 'bar is-selected' : 'bar'}
                    onPointerEnter={() => setSelected(position)}
                    onPointerLeave={() => setSelected(undefined)}
                  >
                    <title>{describe(bar)}</title>
                    {/* The whole slot answers the pointer, also over a short or empty bar. */}
                    <rect
                      x={position * slot}
                      width={slot}
                      y={0}
                      height={HEIGHT - BOTTOM}
                      className="bar-hit"
                    />
                    {bar.segments.map((segment) => {
                      const height = segment.value * scale;
                      y -= height;
                      return (
                        <rect
                          key={segment.name}
                          x={position * slot + (slot - width) / 2}
                          width={Math.max(1, width)}
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
          </div>
          {/* Axis labels in the page's own type size: inside the scaled SVG they would shrink with it. */}
          <div className="axis-labels" aria-hidden="true">
            <span>{first}</span>
            <span>{last}</span>
          </div>
        </>
      )}
    </figure>
  );
}
