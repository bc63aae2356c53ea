/**
 * The token budget on a deterministic grid: the tower world (eight sub-questions) with a model that
 * bills a flat 300–800 tokens a call (`--billing flat`, default) or in proportion to its prompt
 * (`--billing prop`: characters / k + a fixed output), no latency, for budgets of 3,000–10,000 tokens
 * and breadth 1, 3 and 8, both strategies. `--layer` puts the fake model behind the model layer's own
 * refusal (a call whose limit does not hold its estimated prompt, schema included, and 64 output
 * tokens is refused), as a real provider's calls are. Prints, per strategy: supported claims summed
 * over the cells, cells with unchecked claims, cells where breadth 3 or 8 got fewer supported claims
 * than breadth 1, and cells that spent more than their budget; with `--base <folder of another
 * checkout>` (e.g. made with `git archive`), the same for it and the cells better and worse.
 * Usage: npx tsx bench/budget-grid.ts [--billing flat|prop] [--layer] [--base <folder>]
 */
import { resolve } from 'node:path';

type Strategy = 'pipeline' | 'agent';
interface Call {
  kind: 'object' | 'text';
  system: string;
  prompt: string;
}
interface Cell {
  supported: number;
  unchecked: number;
  spent: number;
  budget: number;
}

const args = process.argv.slice(2);
const flagValue = (flag: string) => {
  const at = args.indexOf(flag);
  return at < 0 ? undefined : args[at + 1];
};
const billing = flagValue('--billing') ?? 'flat';
if (billing !== 'flat' && billing !== 'prop') throw new Error(`--billing ${billing}: use flat or prop`);
const layered = args.includes('--layer');
const baseFolder = flagValue('--base');

const FLAT = [300, 400, 500, 600, 700, 800];
/** Characters a token and the output a call bills, for `--billing prop`. */
const PROPORTIONAL: [number, number][] = [
  [2.5, 64],
  [2.5, 400],
  [3, 64],
  [3, 200],
  [4, 64],
  [4, 200],
  [4, 400],
  [5, 200],
];
const BUDGETS = [3_000, 4_000, 5_000, 6_000, 7_000, 8_000, 10_000];
const BREADTHS = [1, 3, 8];

/** Runs the grid with the research engine of the checkout at `folder`. */
async function grid(folder: string): Promise<Map<string, Cell>> {
  const load = (path: string) => import(resolve(folder, path));
  const { research } = await load('src/research/index.ts');
  const { createFakeReader } = await load('src/testing/fake-reader.ts');
  const { createFakeSearch } = await load('src/testing/fake-search.ts');
  const { towerModel, towerWorld } = await load('src/testing/tower-world.ts');
  const llmModule = await load('src/llm/index.ts');
  const structured = await load('src/llm/structured-output.ts');
  const world = towerWorld(8);
  const cells = new Map<string, Cell>();
  const settings: (number | [number, number])[] = billing === 'flat' ? FLAT : PROPORTIONAL;
  for (const strategy of ['pipeline', 'agent'] as Strategy[]) {
    for (const setting of settings) {
      for (const tokenBudget of BUDGETS) {
        for (const breadth of BREADTHS) {
          const model =
            typeof setting === 'number'
              ? towerModel(world, { tokensPerCall: 64, tokensSpent: setting })
              : towerModel(world, {
                  tokensPerCall: (call: Call) =>
                    Math.ceil((call.system.length + call.prompt.length) / setting[0]) +
                    setting[1] +
                    (call.kind === 'object' ? 300 : 0),
                });
          const llm = layered ? behindModelLayer(model, llmModule, structured) : model;
          const result = await research(
            { question: world.question, noDirectAnswer: true, strategy, breadth, tokenBudget },
            { llm, searchProviders: [createFakeSearch(world.search)], reader: createFakeReader(world.pages) },
          );
          cells.set(`${strategy} ${setting} ${tokenBudget} ${breadth}`, {
            supported: result.claims.supported,
            unchecked: result.claims.unchecked?.length ?? 0,
            spent: result.usage.totalTokens,
            budget: tokenBudget,
          });
        }
      }
    }
  }
  return cells;
}

/** The fake model behind the model layer's refusal: too small a limit for prompt, schema and 64 tokens. */
// biome-ignore lint/suspicious/noExplicitAny: the model and modules come from either checkout.
function behindModelLayer(model: any, llm: any, structured: any) {
  // biome-ignore lint/suspicious/noExplicitAny: requests of either checkout.
  const refuse = (request: any, need: number) =>
    (request.tokenLimit ?? Number.POSITIVE_INFINITY) < need
      ? Promise.reject(
          new llm.LlmError({ code: 'budget_exhausted', model: 'fake', message: 'limit below need' }),
        )
      : undefined;
  return {
    ...model,
    // biome-ignore lint/suspicious/noExplicitAny: requests of either checkout.
    generateObject: (request: any) =>
      refuse(
        request,
        llm.estimateTokens(request.system, request.prompt, structured.schemaTextOf(request.schema)) + 64,
      ) ?? model.generateObject(request),
    // biome-ignore lint/suspicious/noExplicitAny: requests of either checkout.
    generateText: (request: any) =>
      refuse(request, llm.estimateTokens(request.system, request.prompt) + 64) ?? model.generateText(request),
  };
}

function summary(cells: Map<string, Cell>, strategy: Strategy): string {
  let supported = 0;
  let unchecked = 0;
  let narrower = 0;
  let over = 0;
  for (const [key, cell] of cells) {
    if (!key.startsWith(`${strategy} `)) continue;
    supported += cell.supported;
    if (cell.unchecked > 0) unchecked++;
    if (cell.spent > cell.budget) over++;
    const one = cells.get(key.replace(/ \d+$/, ' 1'));
    if (one && cell.supported < one.supported) narrower++;
  }
  return `supported ${supported}, cells with unchecked claims ${unchecked}, breadth 3/8 below breadth 1 ${narrower}, over budget ${over}`;
}

console.log(`budget grid: billing ${billing}${layered ? ', behind the model layer' : ''}`);
const ours = await grid(process.cwd());
const base = baseFolder ? await grid(resolve(baseFolder)) : undefined;
for (const strategy of ['pipeline', 'agent'] as Strategy[]) {
  console.log(`${strategy.padEnd(9)} ours  ${summary(ours, strategy)}`);
  if (!base) continue;
  console.log(`${strategy.padEnd(9)} base  ${summary(base, strategy)}`);
  let better = 0;
  let worse = 0;
  for (const [key, cell] of ours) {
    const before = base.get(key);
    if (!key.startsWith(`${strategy} `) || !before) continue;
    if (cell.supported > before.supported) better++;
    if (cell.supported < before.supported) worse++;
  }
  console.log(`${strategy.padEnd(9)} cells better ${better}, worse ${worse}`);
}
