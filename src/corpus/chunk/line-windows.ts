import { CODE_WINDOW_LINES } from '../constants.js';

/** Lines a window may end early to break at a blank line. */
const SLACK = 10;

/** Lines `from`..`to` (1-based, inclusive) cut into windows, each ending at a blank line when one is near. */
export function lineWindows(lines: readonly string[], from: number, to: number): Array<[number, number]> {
  const windows: Array<[number, number]> = [];
  let start = from;
  while (start <= to) {
    let end = Math.min(to, start + CODE_WINDOW_LINES - 1);
    if (end < to) {
      for (let line = end; line > end - SLACK && line > start; line--) {
        if (!lines[line - 1]?.trim()) {
          end = line;
          break;
        }
      }
    }
    windows.push([start, end]);
    start = end + 1;
  }
  return windows;
}

/** The range without its blank first and last lines; `undefined` when every line is blank. */
export function trimBlankLines(
  lines: readonly string[],
  from: number,
  to: number,
): [number, number] | undefined {
  let start = from;
  let end = to;
  while (start <= end && !lines[start - 1]?.trim()) start++;
  while (end >= start && !lines[end - 1]?.trim()) end--;
  return start <= end ? [start, end] : undefined;
}
