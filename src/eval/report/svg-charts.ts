/** Escapes text for HTML and SVG content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

const FONT = 'font-family="system-ui, sans-serif" font-size="12"';
const BAR_COLOR = '#3b6fd8';

/** One bar of a bar chart. */
export interface Bar {
  label: string;
  value: number;
  /** Text printed after the bar (default: the value). */
  text?: string;
}

/** A horizontal bar chart as inline SVG; bars scale to `max` (default: the largest value). */
export function barChart(options: {
  title: string;
  bars: readonly Bar[];
  max?: number;
  width?: number;
}): string {
  const width = options.width ?? 560;
  const labelWidth = 180;
  const textWidth = 90;
  const rowHeight = 22;
  const max = options.max ?? Math.max(0, ...options.bars.map((bar) => bar.value));
  const height = 28 + options.bars.length * rowHeight;
  const span = width - labelWidth - textWidth;
  const rows = options.bars.map((bar, index) => {
    const y = 24 + index * rowHeight;
    const length = max > 0 ? Math.max(0, (bar.value / max) * span) : 0;
    const label = bar.label.length > 28 ? `${bar.label.slice(0, 27)}…` : bar.label;
    return `<text x="${labelWidth - 6}" y="${y + 14}" text-anchor="end"><title>${escapeHtml(bar.label)}</title>${escapeHtml(label)}</text><rect x="${labelWidth}" y="${y + 3}" width="${length.toFixed(1)}" height="${rowHeight - 6}" fill="${BAR_COLOR}" rx="2"/><text x="${labelWidth + length + 6}" y="${y + 14}">${escapeHtml(bar.text ?? String(bar.value))}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ${FONT}><title>${escapeHtml(options.title)}</title><text x="0" y="14" font-weight="600">${escapeHtml(options.title)}</text>${rows.join('')}</svg>`;
}

/** A histogram of values in `bins` equal-width bins as inline SVG; `format` labels the bin edges. */
export function histogram(options: {
  title: string;
  values: readonly number[];
  bins?: number;
  format: (value: number) => string;
  width?: number;
}): string {
  const width = options.width ?? 560;
  const height = 200;
  const plotTop = 40;
  const plotBottom = height - 36;
  const bins = Math.max(
    1,
    options.bins ?? Math.min(12, Math.max(1, Math.ceil(Math.sqrt(options.values.length)))),
  );
  // Loops, not Math.min(...values): spreading a large evaluation's values overflows the stack.
  const low = options.values.reduce((least, value) => Math.min(least, value), 0);
  const high = options.values.reduce((most, value) => Math.max(most, value), low);
  const step = high > low ? (high - low) / bins : 1;
  const counts = new Array<number>(bins).fill(0);
  for (const value of options.values) {
    const index = Math.min(bins - 1, Math.floor((value - low) / step));
    counts[index] = (counts[index] ?? 0) + 1;
  }
  const most = Math.max(1, ...counts);
  const barWidth = (width - 20) / bins;
  const bars = counts.map((n, index) => {
    const barHeight = ((plotBottom - plotTop) * n) / most;
    const x = 10 + index * barWidth;
    const y = plotBottom - barHeight;
    const range = `${options.format(low + index * step)}–${options.format(low + (index + 1) * step)}`;
    return `<rect x="${(x + 1).toFixed(1)}" y="${y.toFixed(1)}" width="${(barWidth - 2).toFixed(1)}" height="${barHeight.toFixed(1)}" fill="${BAR_COLOR}"><title>${escapeHtml(`${range}: ${n}`)}</title></rect>${n > 0 ? `<text x="${(x + barWidth / 2).toFixed(1)}" y="${(y - 4).toFixed(1)}" text-anchor="middle">${n}</text>` : ''}`;
  });
  const axis = `<line x1="10" y1="${plotBottom}" x2="${width - 10}" y2="${plotBottom}" stroke="#888"/><text x="10" y="${plotBottom + 16}">${escapeHtml(options.format(low))}</text><text x="${width - 10}" y="${plotBottom + 16}" text-anchor="end">${escapeHtml(options.format(low + bins * step))}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" ${FONT}><title>${escapeHtml(options.title)}</title><text x="0" y="14" font-weight="600">${escapeHtml(options.title)}</text>${bars.join('')}${axis}</svg>`;
}
