import type { Finding, FindingQuote, Reference } from '../../contract/index.js';
import { describeError } from '../../errors.js';
import { canonicalUrl } from '../../shared/index.js';
import { computationInputs } from '../evidence/computation-inputs.js';
import { recomputesAsStated } from '../evidence/program-checks.js';
import { writtenNumbers } from '../evidence/recompute.js';
import type { StepContext } from '../run/step-context.js';
import { fileQuotePresence } from './file-quotes.js';
import { citedIds } from './markers.js';
import { checkQuotes, type QuoteCheck } from './quote-checks.js';

/** Re-run results of computed findings, by finding id: what a sentence citing one may rest on. */
export type ComputationChecks = ReadonlyMap<string, QuoteCheck>;

/** The first mechanical check of a finding from a page or a file: its quotes still in its source. */
export function sourceQuoteCheck(
  context: Pick<StepContext, 'run' | 'corpora'>,
  finding: Finding,
): QuoteCheck {
  const inFile = fileQuotePresence(context.corpora, finding);
  return checkQuotes(
    finding,
    inFile ?? context.run.sources.pages.get(canonicalUrl(finding.source.url))?.text,
  );
}

/**
 * The output as the first quote of a computed finding's check, worded for the judge: its purpose,
 * its program and its output together, so the judge can see whether the program computes what
 * the purpose says. The support check takes the output itself (`SupportCheckOptions.computed`),
 * never this quote: the program's own numbers support nothing.
 */
function outputQuote(finding: Finding): FindingQuote {
  const computation = finding.computation;
  const text = computation
    ? `The output is ${computation.output}, computed by a program from findings ${computation.inputs.join(' and ')} (${computation.purpose}).\nThe program: ${computation.program.replace(/\s+/g, ' ')}`
    : '';
  return { text, location: { kind: 'chars', start: 0, end: text.length } };
}

/**
 * A computed finding not run again (`verifyWithoutModel`, where every sentence stays unchecked):
 * its output alone, never its program, so the program's own numbers support nothing.
 */
export function outputOnly(finding: Finding): QuoteCheck {
  return { ok: true, quotes: [outputQuote(finding)] };
}

/**
 * Checks one computed finding: each input must be a finding whose quotes are still in its source
 * (or a computed finding that passes this check), and the program, run again in the sandbox on
 * inputs rebuilt from those findings, must give the same output. What a sentence citing it may
 * rest on: the output and the inputs' verified quotes — a computed figure is as trustworthy as
 * what it was computed from.
 */
async function checkComputation(
  context: Pick<StepContext, 'run' | 'corpora' | 'compute' | 'signal'>,
  finding: Finding,
  checks: Map<string, QuoteCheck>,
): Promise<QuoteCheck> {
  const known = checks.get(finding.id);
  if (known) return known;
  const computation = finding.computation;
  if (!computation) return sourceQuoteCheck(context, finding);
  // A placeholder first: a computation citing itself, directly or round a circle, is not verified.
  checks.set(finding.id, { ok: false, reason: `computed finding ${finding.id} depends on itself` });
  const inputs: Finding[] = [];
  const quotes: FindingQuote[] = [outputQuote(finding)];
  for (const id of computation.inputs) {
    const input = context.run.evidence.findings.get(id);
    if (!input)
      return settle(checks, finding, { ok: false, reason: `its input ${id} is not a finding of this run` });
    const check = await checkComputation(context, input, checks);
    if (!check.ok) {
      return settle(checks, finding, {
        ok: false,
        reason: `its input ${id} is not verified: ${check.reason}`,
      });
    }
    inputs.push(input);
    quotes.push(...check.quotes);
  }
  if (!context.compute) {
    return settle(checks, finding, {
      ok: false,
      reason: 'computed, and this run cannot compute to check it again',
    });
  }
  const rebuilt = computationInputs(inputs);
  try {
    const again = await context.compute.run({
      program: computation.program,
      inputs: rebuilt,
      signal: context.signal,
    });
    if (again.output !== computation.output) {
      return settle(checks, finding, {
        ok: false,
        reason: `run again, its program gave ${again.output.slice(0, 80)}, not ${computation.output.slice(0, 80)}`,
      });
    }
    // The output must also be what the operation its purpose names gives, recomputed by the engine.
    // Run once, an output's labels cannot be told by runs: the numbers its program writes are taken as such.
    const wrong = recomputesAsStated({
      purpose: computation.purpose,
      real: { inputs: rebuilt, output: again.output },
      labels: writtenNumbers(computation.program).map((number) => number.value),
    });
    if (wrong) return settle(checks, finding, { ok: false, reason: wrong.message });
  } catch (error) {
    return settle(checks, finding, {
      ok: false,
      reason: `run again, its program failed: ${describeError(error).message}`,
    });
  }
  return settle(checks, finding, { ok: true, quotes });
}

function settle(checks: Map<string, QuoteCheck>, finding: Finding, check: QuoteCheck): QuoteCheck {
  checks.set(finding.id, check);
  return check;
}

/**
 * Re-runs every computed finding the texts cite (and the computed findings they were computed
 * from) and adds the results to `checks`; findings checked before are not run again.
 */
export async function checkComputations(
  context: Pick<StepContext, 'run' | 'corpora' | 'compute' | 'signal'>,
  texts: readonly string[],
  checks: Map<string, QuoteCheck> = new Map(),
): Promise<Map<string, QuoteCheck>> {
  for (const id of new Set(texts.flatMap((text) => citedIds(text)))) {
    const finding = context.run.evidence.findings.get(id);
    if (finding?.computation) await checkComputation(context, finding, checks);
  }
  return checks;
}

/** A computed finding's reference fields: the program, its inputs and its output; nothing for a source. */
export function computationReferenceFields(finding: Finding): Pick<Reference, 'computation'> {
  const computation = finding.computation;
  if (!computation) return {};
  const { language, program, inputs, output } = computation;
  return { computation: { language, program, inputs: [...inputs], output } };
}
