import { CONFLICTS_HEADING } from './conflicts.js';
import { UNVERIFIED_HEADING } from './unverified.js';

/** Heading of the section naming the cited sources dated before the window the question asks for. */
export const OUTSIDE_WINDOW_HEADING = 'Outside the time asked about';

/**
 * The first line of a section the engine adds after the writer's text: the conflicts, the sources
 * outside the window asked about, the unverified sentences.
 */
const ENGINE_SECTION = new RegExp(
  `^#{1,3}[ \\t]*(?:${CONFLICTS_HEADING}|${OUTSIDE_WINDOW_HEADING}|${UNVERIFIED_HEADING})[ \\t]*$`,
  'im',
);

/**
 * An answer cut where the sections the engine adds begin ("Sources differ", "Outside the time
 * asked about", "Could not be verified"): the writer's text, and those sections (with what follows
 * them, a report's references), empty when it has none.
 */
export function engineSections(answer: string): { written: string; added: string } {
  const match = ENGINE_SECTION.exec(answer);
  return match
    ? { written: answer.slice(0, match.index), added: answer.slice(match.index) }
    : { written: answer, added: '' };
}
