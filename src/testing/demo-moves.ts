/**
 * The demo model's canned moves beyond plain research, each one shown so a newcomer sees what the
 * engine does with it: one clarifying question, one computation over a finding's figures, and
 * follow-ups made of what the run found. None of them understands the question.
 */

/** The text between `<tag …>` and `</tag>` in a prompt, or ''. */
function section(prompt: string, tag: string): string {
  return new RegExp(`<${tag}[^>]*>\\n([\\s\\S]*?)\\n</${tag}>`).exec(prompt)?.[1] ?? '';
}

/** The one clarifying question the demo asks whatever the question (only with `--clarify`). */
export function demoClarify(question: string) {
  return {
    think: 'The demo asks the same canned question every time.',
    questions: [`What should the answer to "${question.slice(0, 120)}" focus on: dates, sizes or people?`],
  };
}

/** Unit words the demo pages write, by the unit they mean. */
const UNITS: Record<string, string> = {
  m: 'metres',
  metre: 'metres',
  metres: 'metres',
  tonne: 'tonnes',
  tonnes: 'tonnes',
};

/** The one figure of a claim with its unit (`300 m`, `330 metres` are both metres), if it states exactly one. */
function soleFigure(claim: string): string | undefined {
  const figures = [...claim.matchAll(/\d[\d,]*(?:\.\d+)?(?: (\p{L}+))?/gu)];
  if (figures.length !== 1) return undefined;
  return UNITS[figures[0]?.[1] ?? ''];
}

/**
 * The demo's one computation: the difference between the figures of the first two findings that
 * each state one figure in the same unit (the two heights the demo pages disagree on), once per run
 * (a `compute:` finding means it was done). Undefined when the run offers no compute action, has
 * computed already, or has no such pair.
 */
export function demoCompute(prompt: string, offersCompute: boolean) {
  const findings = section(prompt, 'findings');
  if (!offersCompute || findings.includes('compute:')) return undefined;
  const seen = new Map<string, string>();
  // Each line is `- F2 claim (host)`: the host is no figure of the claim.
  for (const match of findings.matchAll(/^- (F\d+) (.*) \([^()]*\)$/gm)) {
    const [, id = '', claim = ''] = match;
    const unit = soleFigure(claim);
    if (!unit) continue;
    const first = seen.get(unit);
    if (!first) {
      seen.set(unit, id);
      continue;
    }
    return {
      think: `${first} and ${id} each state a figure in ${unit}; the demo always computes their difference.`,
      action: {
        type: 'compute',
        // No finding id or figure in the purpose: the answer states it as the computed claim's words.
        purpose: `Difference between the figures in ${unit}`,
        inputs: [first, id],
        program: `return Math.abs(inputs.${first}.numbers[0] - inputs.${id}.numbers[0]) + ' ${unit}';`,
      },
    };
  }
  return undefined;
}

/** Names of an answer (two or more capitalised words in a row) the question does not hold. */
function namesFound(answer: string, question: string): string[] {
  const names = answer.match(/\b\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)+\b/gu) ?? [];
  const asked = question.toLowerCase();
  return [...new Set(names)].filter((name) => !asked.includes(name.toLowerCase()));
}

/**
 * Follow-ups from what the final evaluation shows: for each value the sources disagree on, which
 * is right; then what other sources say of each name the answer found that the question lacks.
 */
export function demoFollowUps(prompt: string): string[] {
  const conflicts = section(prompt, 'conflicts')
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => {
      const [about = '', values = ''] = line.slice(2).split(/: (?=[^:]*$)/);
      return `Which is right for "${about.trim()}": ${values.split(' | ').join(' or ')}?`;
    });
  const names = namesFound(section(prompt, 'answer'), section(prompt, 'question')).map(
    (name) => `What do other sources say about ${name}?`,
  );
  return [...conflicts, ...names].slice(0, 3);
}
