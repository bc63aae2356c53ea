import { contextTokensFor, estimateTokens } from '../../llm/index.js';
import { WRITER_MAX_OUTPUT_TOKENS } from '../constants.js';
import { outputTokensFor } from '../evidence/evidence-budget.js';
import { answerPrompt, answerSystem, directAnswerPrompt, directAnswerSystem } from '../prompts/write.js';
import type { StepContext } from '../run/step-context.js';
import { gatherEvidence, type WriterEvidence } from './writer-evidence.js';

/** What a writer produced: markdown citing finding ids, and the evidence it was written from. */
export interface Written {
  text: string;
  evidence: WriterEvidence | undefined;
}

/** Writes the short answer from the evidence, citing finding ids; `stopped` for a forced answer. */
export async function writeAnswer(context: StepContext, stopped?: string): Promise<Written> {
  const { run } = context;
  const outputTokens = outputTokensFor(contextTokensFor(run.options, 'writer'), WRITER_MAX_OUTPUT_TOKENS);
  const system = answerSystem(run, stopped);
  const evidence = await gatherEvidence(context, {
    role: 'writer',
    fixedTokens: estimateTokens(system, answerPrompt(run, '')),
    outputTokens,
  });
  const result = await context.llm.generateText({
    role: 'writer',
    system,
    prompt: answerPrompt(run, evidence.text),
    abortSignal: context.signal,
    maxOutputTokens: outputTokens,
  });
  return { text: result.value.trim(), evidence };
}

/** Answers a question that needs no research, without evidence. */
export async function writeDirectAnswer(context: StepContext): Promise<Written> {
  const { run } = context;
  const result = await context.llm.generateText({
    role: 'writer',
    system: directAnswerSystem(run),
    prompt: directAnswerPrompt(run),
    abortSignal: context.signal,
    maxOutputTokens: outputTokensFor(contextTokensFor(run.options, 'writer'), WRITER_MAX_OUTPUT_TOKENS),
  });
  return { text: result.value.trim(), evidence: undefined };
}
