import type { Perspective } from '../../contract/index.js';
import { MAX_PERSPECTIVES } from '../constants.js';
import { inlineWebText } from '../text/untrusted.js';
import { contentWords } from '../text/words.js';
import type { PlanRecord } from './plan-record.js';

/** Name of the perspective sub-questions join when the plan names none, or none they fit. */
export const MAIN_PERSPECTIVE = 'main';

/** Characters kept of a perspective's name and focus. */
const NAME_CHARS = 80;
const FOCUS_CHARS = 200;

/** How names compare: as they are stored (see `cleanPerspectives`), case aside. */
const keyOf = (text: string) => inlineWebText(text, NAME_CHARS).toLowerCase();

/** The planner's perspectives as it wrote them; malformed items are already `null`. */
export interface PlannedPerspective {
  name: string;
  focus: string;
}

/**
 * Validates the planner's perspectives: names trimmed and clipped, empty ones and repeats of a
 * name (case-insensitive) dropped, at most `MAX_PERSPECTIVES` kept, numbered `p1`, `p2`…
 */
export function cleanPerspectives(raw: readonly (PlannedPerspective | null)[]): Perspective[] {
  const kept: Perspective[] = [];
  for (const item of raw) {
    if (kept.length >= MAX_PERSPECTIVES) break;
    // A corpus map is untrusted text the planner may echo: names cannot open or close a prompt tag.
    const name = inlineWebText(item?.name ?? '', NAME_CHARS);
    if (!name || kept.some((other) => keyOf(other.name) === keyOf(name))) continue;
    kept.push({ id: `p${kept.length + 1}`, name, focus: inlineWebText(item?.focus ?? '', FOCUS_CHARS) });
  }
  return kept;
}

/** The fallback perspective `main`, added to the plan the first time it is needed. */
export function mainPerspective(plan: PlanRecord): Perspective {
  const existing = plan.perspectives.find((item) => keyOf(item.name) === MAIN_PERSPECTIVE);
  if (existing) return existing;
  const ids = plan.perspectives.map((item) => Number(item.id.replace(/\D/g, '')) || 0);
  const main = {
    id: `p${Math.max(0, ...ids) + 1}`,
    name: MAIN_PERSPECTIVE,
    focus: 'the question as a whole',
  };
  plan.perspectives.push(main);
  return main;
}

/**
 * The perspective a sub-question belongs to: the one it names (by id or name, case-insensitive),
 * else the one whose name, focus and sub-questions share most words with its text (words all of
 * them share do not count), else `main`.
 */
export function resolvePerspective(plan: PlanRecord, named: string | undefined, text: string): Perspective {
  const wanted = keyOf(named ?? '');
  const byName = wanted
    ? plan.perspectives.find((item) => item.id === wanted || keyOf(item.name) === wanted)
    : undefined;
  if (byName) return byName;
  const words = contentWords(text);
  const bags = plan.perspectives.map((perspective) => ({
    perspective,
    words: contentWords(
      [
        perspective.name,
        perspective.focus,
        ...plan.subQuestions.filter((item) => item.perspective === perspective.id).map((item) => item.text),
      ].join(' '),
    ),
  }));
  // A word every perspective shares ("the", the topic's name) says nothing about which one fits.
  const telling = [...words].filter((word) => bags.length < 2 || !bags.every((bag) => bag.words.has(word)));
  let best: { perspective: Perspective; score: number } | undefined;
  for (const bag of bags) {
    const score = telling.filter((word) => bag.words.has(word)).length;
    if (score > 0 && (!best || score > best.score)) best = { perspective: bag.perspective, score };
  }
  return best?.perspective ?? mainPerspective(plan);
}

/** Drops perspectives no sub-question belongs to (a plan that named more angles than it asked about). */
export function pruneEmptyPerspectives(plan: PlanRecord): void {
  plan.perspectives = plan.perspectives.filter((perspective) =>
    plan.subQuestions.some((item) => item.perspective === perspective.id),
  );
}
