import type { SubQuestion } from '../../contract/index.js';
import { MAX_QUERY_CHARS } from '../constants.js';
import { normalizeText } from '../text/words.js';

/**
 * Where a branch's queries came from: the sub-question's own (its text and key terms), another
 * formulation asked for when its line of research yielded nothing, or a follow-up of what a level
 * of it learned (`--depth`).
 */
export type BranchOrigin = 'own' | 'reformulation' | 'follow-up';

/** One line of research of a sub-question: queries searched together, and what reading their results gained. */
export interface Branch {
  queries: string[];
  origin: BranchOrigin;
  /** Depth level: 0 for the sub-question itself, n for the follow-ups of level n - 1. */
  level: number;
  /** Read steps of its candidates. */
  reads: number;
  /** Tokens those reads spent. */
  tokens: number;
  /** Findings for the sub-question those reads brought. */
  findings: number;
}

/** The research of one sub-question as a small tree: its branches and how often it was branched. */
export interface ResearchLine {
  branches: Branch[];
  /** Times other formulations were asked for (bounded by `MAX_REFORMULATIONS`). */
  reformulations: number;
  /** Deepest level asked for (`--depth`): 0 until a follow-up was generated. */
  level: number;
}

/** Every sub-question's line, by id; the loop owns them. */
export type ResearchLines = Map<string, ResearchLine>;

/** Times a line may be branched with other formulations: each asks the model once. */
export const MAX_REFORMULATIONS = 2;

/** A query as the search step runs it: one space between words, cut to the longest query kept. */
export function branchQuery(query: string): string {
  return query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_CHARS);
}

/** The line of `item`, made with its own queries the first time. */
export function lineOf(lines: ResearchLines, item: SubQuestion, ownQueries: readonly string[]): ResearchLine {
  let line = lines.get(item.id);
  if (!line) {
    const own: Branch = {
      queries: ownQueries.map(branchQuery),
      origin: 'own',
      level: 0,
      reads: 0,
      tokens: 0,
      findings: 0,
    };
    line = { branches: [own], reformulations: 0, level: 0 };
    lines.set(item.id, line);
  }
  return line;
}

/**
 * Adds branches for new queries (one query each; those a branch has already are left out).
 * Returns how many were added.
 */
export function addBranches(
  line: ResearchLine,
  queries: readonly string[],
  origin: Exclude<BranchOrigin, 'own'>,
  level: number,
): number {
  const known = new Set(line.branches.flatMap((branch) => branch.queries.map(normalizeText)));
  let added = 0;
  for (const query of queries.map(branchQuery)) {
    if (!query || known.has(normalizeText(query))) continue;
    known.add(normalizeText(query));
    line.branches.push({ queries: [query], origin, level, reads: 0, tokens: 0, findings: 0 });
    added += 1;
  }
  return added;
}

/** A branch whose reads all brought nothing: a dead end, backed off while another branch has something to read. */
export function isDeadEnd(branch: Branch): boolean {
  return branch.reads > 0 && branch.findings === 0;
}

/**
 * The order branches are expanded in: those not read yet first (the hope of each is untested),
 * in the order they came, then by the evidence they gained per token, dead ends last.
 */
export function byPromise(a: Branch, b: Branch): number {
  const rank = (branch: Branch) => (branch.reads === 0 ? 0 : isDeadEnd(branch) ? 2 : 1);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (rank(a) !== 1) return 0;
  return b.findings / Math.max(1, b.tokens) - a.findings / Math.max(1, a.tokens);
}

/** Records what one read of `branch` gained and cost. */
export function noteBranchRead(branch: Branch, gained: { tokens: number; findings: number }): void {
  branch.reads += 1;
  branch.tokens += gained.tokens;
  branch.findings += gained.findings;
}
