import type { SymbolDefinition, SymbolResolution } from '../../corpus/index.js';
import { plural } from '../../shared/index.js';
import { SYMBOL_RESULTS } from '../constants.js';
import type { ResolveSymbolAction } from '../prompts/corpus-actions.js';
import type { StepContext } from '../run/step-context.js';
import type { StepOutcome } from '../run/step-outcome.js';
import { runToolCall } from '../run/tool-call.js';
import { displayPath, type ResearchCorpus } from '../sources/corpora.js';
import { addCorpusResult, corpusProgress } from '../sources/corpus-progress.js';
import { normalizeText } from '../text/words.js';
import { corporaOf, fileLine, repeatedCall } from './corpus-common.js';

type Shown = (path: string) => string;

function definitionLine(definition: SymbolDefinition, shown: Shown): string {
  return `- ${fileLine(definition.qualifiedName, 120)} (${fileLine(definition.kind, 40)}) ${shown(definition.path)}:${definition.startLine}-${definition.endLine} — ${fileLine(definition.signature)}`;
}

/** The resolution as lines for the planner, and how many items it holds. */
function describe(resolution: SymbolResolution, shown: Shown): { lines: string[]; count: number } {
  if (resolution.kind === 'definition') {
    return {
      lines: resolution.definitions.map((item) => definitionLine(item, shown)),
      count: resolution.definitions.length,
    };
  }
  if (resolution.kind === 'references') {
    return {
      lines: resolution.references.map(
        (item) =>
          `- ${shown(item.path)}:${item.line} (${fileLine(item.kind, 40)}${item.enclosing ? ` in ${fileLine(item.enclosing, 120)}` : ''}) — ${fileLine(item.text)}`,
      ),
      count: resolution.references.length,
    };
  }
  const role = resolution.kind === 'callers' ? 'caller' : 'callee';
  const lines = resolution.definitions.slice(0, 3).map((item) => definitionLine(item, shown));
  for (const edge of resolution.edges) {
    const where = edge.definitions[0];
    const calls = edge.calls
      .slice(0, 3)
      .map((call) => `${shown(call.path)}:${call.line}`)
      .join(', ');
    lines.push(
      `- ${role} ${fileLine(edge.symbol, 120)}${where ? ` defined at ${shown(where.path)}:${where.startLine}-${where.endLine}` : ''}; calls at ${calls}`,
    );
  }
  return { lines, count: resolution.edges.length };
}

/** The follow-through hint after a definition: once per symbol, its callers or callees. */
function followThrough(context: StepContext, action: ResolveSymbolAction, found: boolean): string {
  if (action.kind !== 'definition' || !found) return '';
  const progress = corpusProgress(context.run.sources);
  const name = normalizeText(action.name);
  if (progress.resolved.has(`${name}|callers`) || progress.resolved.has(`${name}|callees`)) return '';
  return `Hint: read_file the definition's lines, then resolve_symbol "${fileLine(action.name, 120)}" with kind "callers" (who relies on it) or "callees" (how it works inside) to follow it through.`;
}

/**
 * Resolves a symbol in every corpus: its definitions, references, callers or callees (by name,
 * from the tree-sitter tables), shown to the planner with path:lines to read next. After a
 * definition, the result suggests following its callers or callees once.
 */
export async function resolveSymbolStep(
  context: StepContext,
  action: ResolveSymbolAction,
): Promise<StepOutcome> {
  const available = corporaOf(context, 'resolve_symbol');
  if ('outcome' in available) return available.outcome;
  const { corpora } = available;
  const { run } = context;
  const key = `${normalizeText(action.name)}|${action.kind}`;
  const progress = corpusProgress(run.sources);
  if (progress.resolved.has(key))
    return repeatedCall(context, `resolve_symbol ${action.name} (${action.kind})`);
  const hint = followThrough(context, action, true);
  progress.resolved.add(key);
  const outcomes = await Promise.all(
    corpora.map((item: ResearchCorpus) =>
      runToolCall(context, {
        tool: 'resolve_symbol',
        input: { name: action.name, kind: action.kind, corpus: item.id },
        run: async () => {
          const resolution = item.corpus.resolveSymbol({
            name: action.name,
            kind: action.kind,
            limit: SYMBOL_RESULTS,
          });
          const described = describe(resolution, (path) =>
            fileLine(displayPath(corpora, item.id, path), 200),
          );
          return {
            value: described,
            summary: plural(
              described.count,
              action.kind === 'definition' ? 'definition' : action.kind.slice(0, -1),
            ),
          };
        },
      }),
    ),
  );
  const described = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
  const count = described.reduce((sum, item) => sum + item.count, 0);
  const header = `resolve_symbol ${fileLine(action.name, 120)} (${action.kind}): ${count} found`;
  const lines = described.flatMap((item) => item.lines).slice(0, SYMBOL_RESULTS + 3);
  addCorpusResult(run.sources, [header, ...lines, ...(count > 0 && hint ? [hint] : [])].join('\n'));
  context.emit({ type: 'observation', text: `${header}.` });
  if (described.length === 0) {
    const failure = outcomes.flatMap((outcome) => (outcome.ok ? [] : [outcome.error.message]))[0];
    return { failed: true, researched: true, note: `resolve_symbol failed: ${failure ?? 'unknown error'}` };
  }
  return count === 0
    ? {
        researched: true,
        note: `no symbol "${action.name}" is known; search_corpus for it (lexical) or check the spelling.`,
      }
    : { researched: true };
}
