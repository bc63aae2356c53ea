import { conflictsSection, OUTSIDE_WINDOW_HEADING, type Reference } from '../../contract/index.js';
import {
  describeWindow,
  enforcedWindow,
  referenceDate,
  staleReferences,
} from '../evaluation/stale-sources.js';
import { unstatedConflicts } from '../evidence/conflict-sides.js';
import { findConflicts } from '../evidence/conflicts.js';
import type { RunRecords } from '../run/run-records.js';

/**
 * The section naming the references dated before the window the question asks for ("this week";
 * see `enforcedWindow`), each with its number, address and day; empty when the question asks for
 * none or none is older.
 */
function outsideWindowSection(run: RunRecords, references: readonly Reference[], now: Date): string {
  const window = enforcedWindow(run.question, now);
  const dated = references.map((reference) => ({
    url: reference.url,
    publishedAt: referenceDate(run, reference),
  }));
  const stale = staleReferences(window, dated, now);
  if (!window || stale.length === 0) return '';
  const lines = stale.map((item) => `- [${item.number}] ${item.url} (${item.day})`);
  return `## ${OUTSIDE_WINDOW_HEADING}\n\nThese sources are dated before ${describeWindow(window)}:\n\n${lines.join('\n')}\n`;
}

/**
 * The answer with what the engine must say after the writer's text, whatever the writer wrote: the
 * conflicts between its findings that its text does not state in full, every value with its
 * citation or source ("Sources differ"), and the sources it cites dated before the window its
 * question asks for ("Outside the time asked about"). Every surface that shows the answer (`/v1`,
 * the API's `answer`, MCP, exports) then says them.
 */
export function withEngineNotes(
  run: RunRecords,
  answer: string,
  references: readonly Reference[],
  now = new Date(),
): string {
  const unstated = unstatedConflicts(answer, references, findConflicts(run.evidence.findings.all));
  const sections = [
    conflictsSection(unstated, references),
    outsideWindowSection(run, references, now),
  ].filter(Boolean);
  return sections.length > 0 ? [answer.trimEnd(), ...sections].join('\n\n') : answer;
}
