import { parseHTML } from 'linkedom';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type Bar, BarChart } from './bar-chart.js';

const bar = (id: string, value: number): Bar => ({
  id,
  label: id,
  segments: [{ name: 'accuracy', value, className: 'fill-completed' }],
});

const render = (bars: Bar[]) =>
  parseHTML(
    `<html><body>${renderToStaticMarkup(
      <BarChart title="Accuracy" bars={bars} format={(value) => `${value}%`} empty="Every one scored 0%." />,
    )}</body></html>`,
  ).document;

describe('BarChart', () => {
  it('says every bar is 0 instead of drawing an empty box', () => {
    const chart = render([bar('a', 0), bar('b', 0)]);
    expect(chart.querySelector('[data-testid="bar-empty"]')?.textContent).toBe('Every one scored 0%.');
    expect(chart.querySelector('svg')).toBeNull();
  });

  it('offers each bar to the keyboard and to screen readers as an option of a list box', () => {
    const chart = render([bar('a', 0), bar('b', 40)]);
    const list = chart.querySelector('[role="listbox"]');
    expect(list?.getAttribute('tabindex')).toBe('0');
    expect(
      [...chart.querySelectorAll('[role="option"]')].map((option) => option.getAttribute('aria-label')),
    ).toEqual(['a: accuracy 0%', 'b: accuracy 40%']);
  });
});
