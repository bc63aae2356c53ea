import { ConfigError } from '../../errors.js';
import { seededRandom } from '../../shared/index.js';
import type { EvalQuestion } from '../types.js';

/** Which questions of a dataset to run. Applied in this order: ids, sample, limit. */
export interface QuestionSelection {
  /** Only these ids (each must exist). */
  ids?: readonly string[];
  /** A random subset of this size, the same for the same seed. */
  sample?: number;
  /** Seed of `sample` (default 0). */
  seed?: number;
  /** At most this many, from the start. */
  limit?: number;
}

/** Picks questions by id, then a seeded sample (kept in file order), then the first `limit`. */
export function selectQuestions(
  questions: readonly EvalQuestion[],
  selection: QuestionSelection,
): EvalQuestion[] {
  let selected = [...questions];
  if (selection.ids && selection.ids.length > 0) {
    const byId = new Map(selected.map((question) => [question.id, question]));
    const missing = selection.ids.filter((id) => !byId.has(id));
    if (missing.length > 0) {
      const known = selected.slice(0, 5).map((question) => question.id);
      throw new ConfigError(
        `--ids names ${missing.length === 1 ? 'an id' : 'ids'} not in the dataset: ${missing.slice(0, 5).join(', ')}. Ids look like: ${known.join(', ')}.`,
        { key: 'ids' },
      );
    }
    const wanted = new Set(selection.ids);
    selected = selected.filter((question) => wanted.has(question.id));
  }
  if (selection.sample !== undefined && selection.sample < selected.length) {
    const random = seededRandom(selection.seed ?? 0);
    const positions = selected.map((_, index) => index);
    // Partial Fisher–Yates: the first `sample` positions are a uniform random subset.
    for (let index = 0; index < selection.sample; index++) {
      const pick = index + Math.floor(random() * (positions.length - index));
      [positions[index], positions[pick]] = [positions[pick] as number, positions[index] as number];
    }
    const chosen = new Set(positions.slice(0, selection.sample));
    selected = selected.filter((_, index) => chosen.has(index));
  }
  if (selection.limit !== undefined) selected = selected.slice(0, selection.limit);
  return selected;
}
