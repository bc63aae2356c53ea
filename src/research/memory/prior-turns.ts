import type { PriorTurn, ResearchConfig } from '../../config/index.js';
import { describeError } from '../../errors.js';
import type { FixedBy } from '../../llm/index.js';
import { checkUrl } from '../../reader/index.js';
import { canonicalUrl } from '../../shared/index.js';
import { MAX_PRIOR_REFERENCES, PRIOR_ANSWER_PROMPT_CHARS } from '../constants.js';
import { type HostRules, isAllowedUrl } from '../sources/hosts.js';
import type { MemoryRecord, PriorFinding } from './memory-record.js';
import { plainAnswer, type TurnReference, turnReferences } from './turn-references.js';

/** What taking the earlier answers reads and writes: the run's host rules and its prior knowledge. */
interface PriorTurnRecords {
  options: HostRules & Pick<ResearchConfig, 'allowHosts'>;
  memory: MemoryRecord;
}

/** What the run took of the conversation's earlier answers, for its trace. */
export interface PriorTurnsTaken {
  answers: number;
  /** Sources offered to read again. */
  sources: number;
  /** Sources dropped before any read: refused addresses, host rules, over the cap. */
  dropped: number;
}

/** Why a cited source may not be read, or undefined when it may: the reader's address rules, then the run's host rules. */
function refusal(url: string, run: PriorTurnRecords, fixedBy: FixedBy | undefined): string | undefined {
  try {
    checkUrl(url, { allowHosts: run.options.allowHosts, fixedBy });
  } catch (error) {
    return describeError(error).message;
  }
  return isAllowedUrl(url, run.options) ? undefined : `${url} is outside the run's host rules.`;
}

/**
 * Takes the earlier answers of the conversation (`priorTurns`) as prior knowledge, like remembered
 * runs: each answer for the planner, and each source it cites — with the sentences citing it as
 * the claim — as a prior finding whose source is read again instead of searched for. A source the
 * reader's address rules or the run's host rules refuse is dropped with a warning, and at most
 * `MAX_PRIOR_REFERENCES` are taken, the latest answers' first. Nothing of it is evidence.
 */
export function recallPriorTurns(options: {
  run: PriorTurnRecords;
  turns: readonly PriorTurn[];
  fixedBy?: FixedBy;
  warn: (code: string, message: string) => void;
}): PriorTurnsTaken {
  const { run, turns, warn } = options;
  const taken: PriorTurnsTaken = { answers: 0, sources: 0, dropped: 0 };
  const cited = turns.map((turn, index) => ({ turn: index + 1, references: turnReferences(turn) }));
  const seen = new Set<string>();
  const findings: PriorFinding[] = [];
  let overCap = 0;
  // The latest answer first: a follow-up most often builds on the answer just before it.
  for (const { turn, references } of [...cited].reverse()) {
    for (const reference of references) {
      const key = canonicalUrl(reference.url);
      if (seen.has(key)) continue;
      seen.add(key);
      const refused = refusal(reference.url, run, options.fixedBy);
      if (refused) {
        taken.dropped += 1;
        warn(
          'prior_source_dropped',
          `Earlier answer ${turn} cites a source that is not read again: ${refused}`,
        );
      } else if (findings.length >= MAX_PRIOR_REFERENCES) {
        overCap += 1;
      } else {
        findings.push(priorFinding(reference, turn));
      }
    }
  }
  if (overCap > 0) {
    taken.dropped += overCap;
    warn(
      'prior_sources_capped',
      `The earlier answers cite ${findings.length + overCap} sources; the ${MAX_PRIOR_REFERENCES} of the latest answers are read again, the other ${overCap} are not.`,
    );
  }
  run.memory.findings.unshift(...findings);
  run.memory.answers.push(
    ...turns.map((turn, index) => ({ turn: index + 1, text: plainAnswer(turn, PRIOR_ANSWER_PROMPT_CHARS) })),
  );
  taken.answers = turns.length;
  taken.sources = findings.length;
  return taken;
}

function priorFinding(reference: TurnReference, turn: number): PriorFinding {
  return {
    claim: reference.claim,
    quotes: [],
    url: reference.url,
    title: reference.title ?? reference.url,
    origin: { kind: 'turn', turn },
    context: reference.context,
  };
}
