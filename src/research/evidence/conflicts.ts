import type { Finding, SourceConflict } from '../../contract/index.js';
import { clauseConflicts } from './clause-conflicts.js';
import { figureConflicts } from './figure-conflicts.js';
import type { ConflictFinder } from './found-conflict.js';

/**
 * The ways conflicts are found, in order: figures by their bindings (entity, attribute, year,
 * place: across phrasing), then the values the binding does not read fully, by the words of their
 * clauses. Each reads values the others do not, so every conflict is found once. Adding a
 * mechanism is adding an entry here (and its test).
 */
export const CONFLICT_FINDERS: readonly ConflictFinder[] = [figureConflicts, clauseConflicts];

/**
 * Quantities the findings disagree on, within each sub-question (see `CONFLICT_FINDERS`): `330
 * metres` against `324 metres` for the tower's height, however each source words it; never one
 * value written two ways (`330 m`, `330 metres`, `1,083 ft`), nor two years or places of one
 * quantity. Each value comes with the findings that give it and their sources.
 */
export function findConflicts(findings: readonly Finding[]): SourceConflict[] {
  const byId = new Map(findings.map((finding) => [finding.id, finding]));
  const bySubQuestion = new Map<string, Finding[]>();
  for (const finding of findings) {
    bySubQuestion.set(finding.subQuestionId, [...(bySubQuestion.get(finding.subQuestionId) ?? []), finding]);
  }
  const conflicts: SourceConflict[] = [];
  for (const [subQuestion, members] of bySubQuestion) {
    for (const found of CONFLICT_FINDERS.flatMap((finder) => finder(members))) {
      const values = found.values.map((value) => ({
        ...value,
        urls: [...new Set(value.findingIds.flatMap((id) => byId.get(id)?.source.url ?? []))],
      }));
      conflicts.push({ subQuestion, about: found.about, values });
    }
  }
  return conflicts;
}
