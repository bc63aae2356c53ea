import { CONFLICTS_HEADING } from './conflicts.js';
import { UNVERIFIED_HEADING } from './unverified.js';

/** The first line of a section the engine adds after the writer's text: the conflicts, the unverified sentences. */
const ENGINE_SECTION = new RegExp(
  `^#{1,3}[ \\t]*(?:${CONFLICTS_HEADING}|${UNVERIFIED_HEADING})[ \\t]*$`,
  'im',
);

/**
 * An answer cut where the sections the engine adds begin ("Sources differ", "Could not be
 * verified"): the writer's text, and those sections (with what follows them, a report's
 * references), empty when it has none.
 */
export function engineSections(answer: string): { written: string; added: string } {
  const match = ENGINE_SECTION.exec(answer);
  return match
    ? { written: answer.slice(0, match.index), added: answer.slice(match.index) }
    : { written: answer, added: '' };
}
