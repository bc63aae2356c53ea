import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/** One axe-core rule a page breaks, with the elements that break it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

let axeSource: Promise<string> | undefined;

/**
 * Runs axe-core on the page as it is (its WCAG 2.x A/AA and best-practice rules) and returns the
 * rules it breaks. The script is evaluated through the browser's devtools protocol, so the page's
 * Content-Security-Policy does not block it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(await axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const results = await axe.run(document);
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  });
}

/** Violations of impact serious or critical: the ones that fail a test. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  return (await axeViolations(page)).filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
}

/**
 * Boxes on the page that hide part of their text: an element whose overflow is not `visible` and
 * whose content is taller (or wider) than the box, so the reader has to find an inner scroll or
 * never sees the rest. Hidden elements, tooltips and screen-reader-only text are skipped.
 */
export function clippedBoxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.closest('.visually-hidden, [role="tooltip"], svg, script, style')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || element.offsetParent === null)
        continue;
      // Text for screen readers only, in a box of one pixel.
      if (element.clientWidth <= 1 || element.clientHeight <= 1) continue;
      const tall = style.overflowY !== 'visible' && element.scrollHeight > element.clientHeight + 1;
      const wide = style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1;
      if (!(tall || wide) || !element.textContent?.trim()) continue;
      const name = `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).trim().split(/\s+/).join('.')}` : ''}`;
      clipped.push(
        `${name} (${tall ? `${element.scrollHeight}px of text in ${element.clientHeight}px` : `${element.scrollWidth}px wide in ${element.clientWidth}px`}): ${element.textContent.trim().slice(0, 60)}`,
      );
    }
    return clipped;
  });
}
