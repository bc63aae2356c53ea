import { judgedItems } from './honest-judge.js';

/** A verdict of a test judge, in the shape the engine's claim-verdicts call expects. */
interface Verdict {
  claim: number;
  verdict: 'supported' | 'unsupported';
  reason: string;
}

/** Citation markers and spacing aside, so that a fixture's sentence matches the one the engine shows. */
const plain = (sentence: string) =>
  sentence
    .replace(/\s*\[(?:F?\d+)(?:,\s*F?\d+)*\]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A judge that knows the truth: the fixture says which sentences are true (`truths`: sentence →
 * true or false), independently of any check of the engine. A sentence the fixture does not know is
 * unsupported, so a test cannot pass by the judge's guess. Replies to the engine's claim-verdicts
 * prompt, like `honestVerdicts`; `unknown` collects the sentences it was asked about and did not know.
 */
export function createOracleJudge(truths: ReadonlyMap<string, boolean>) {
  const known = new Map([...truths].map(([sentence, truth]) => [plain(sentence), truth]));
  const unknown: string[] = [];
  return {
    unknown,
    verdicts(prompt: string): { verdicts: Verdict[] } {
      return {
        verdicts: judgedItems(prompt).map((item) => {
          const truth = known.get(plain(item.text));
          if (truth === undefined) unknown.push(item.text);
          return truth
            ? { claim: item.number, verdict: 'supported', reason: 'The fixture says it is true.' }
            : {
                claim: item.number,
                verdict: 'unsupported',
                reason: truth === false ? 'The fixture says it is false.' : 'The fixture does not know it.',
              };
        }),
      };
    },
  };
}

/**
 * A judge that says yes to everything: with it, only the engine's own checks can refuse a
 * sentence, so a test shows what they catch.
 */
export function yesVerdicts(prompt: string): { verdicts: Verdict[] } {
  return {
    verdicts: judgedItems(prompt).map((item) => ({
      claim: item.number,
      verdict: 'supported',
      reason: 'The yes-judge supports everything.',
    })),
  };
}
