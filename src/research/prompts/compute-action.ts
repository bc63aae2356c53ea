import { z } from 'zod';
import { MAX_COMPUTE_INPUTS } from '../constants.js';

/** Run a small program over findings' figures in the sandbox; its output becomes a finding. */
export const computeActionSchema = z.object({
  type: z
    .literal('compute')
    .describe(
      'Calculate from findings: arithmetic, percentages, unit or date conversions, totals over a table.',
    ),
  purpose: z
    .string()
    .min(1)
    .describe(
      'What the output is, in a few words naming its operation, e.g. "percentage change of sales from 2022 to 2023".',
    ),
  inputs: z
    .array(z.string())
    .min(1)
    .describe(
      `Ids of 1 to ${MAX_COMPUTE_INPUTS} findings whose figures the program uses, e.g. ["F1", "F2"]. Their numbers reach the program as data; never type a finding's number into the program.`,
    ),
  program: z
    .string()
    .min(1)
    .describe(
      'The body of a JavaScript function of `inputs` that ends with `return` and the result, e.g. "const [before, after] = [inputs.F1.numbers[0], inputs.F2.numbers[0]];\\nreturn ((after - before) / before * 100).toFixed(1) + \'%\';"',
    ),
  subQuestion: z.string().optional().describe('Id of the sub-question the result answers, e.g. "q2".'),
});
export type ComputeAction = z.infer<typeof computeActionSchema>;

/** The compute action, for the action schema's union when the run offers it. */
export const computeActionSchemas = [computeActionSchema] as const;

/** Lines of the action system prompt describing the compute action. */
export function computeActionLines(): string[] {
  return [
    '- compute: when the answer needs arithmetic on found figures (a change, a ratio, a sum over a table, a unit or date conversion), write a short JavaScript program instead of calculating yourself. It runs in a sandbox with no network, files, clock or randomness; `inputs.F1` holds finding F1 as data: `claim`, `quotes` (strings), `numbers` (every number in the quotes, in order, as numbers: "$1.5 million" is 1500000, "2.5%" is 2.5), `figures` ({text, value, unit}) and `rows` (table lines of the quotes split into cells). Use the numbers from inputs, never retype them, and write no case for particular values: the engine runs the program again on inputs with other numbers and recomputes a percentage change, growth rate, ratio, difference, sum or average its purpose names. The output becomes a finding to cite with its inputs.',
  ];
}
