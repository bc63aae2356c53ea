import type { Usage } from '../../contract/index.js';
import { describeError } from '../../errors.js';
import type { Llm } from '../../llm/index.js';
import { MAX_JUDGE_PREDICTION_CHARS } from '../constants.js';
import { JUDGE_SYSTEM, type JudgeGrade, judgePrompt, judgeVerdictSchema } from './judge-prompt.js';

/** What the judge said about one answer; `grade` is absent when the judge model failed. */
export interface JudgeOutcome {
  model: string;
  grade?: JudgeGrade;
  reasoning?: string;
  error?: { code: string; message: string };
  usage?: Usage;
}

/** A judge over the model layer (role `evaluator`), answering with SimpleQA's grades. */
export interface Judge {
  readonly model: string;
  grade(input: {
    question: string;
    gold: string;
    aliases: readonly string[];
    prediction: string;
    signal?: AbortSignal;
  }): Promise<JudgeOutcome>;
}

/** Creates a judge that grades with `llm`; a failed call becomes an outcome with `error`, never a throw. */
export function createJudge(options: { llm: Llm; model: string }): Judge {
  return {
    model: options.model,
    async grade(input) {
      try {
        const result = await options.llm.generateObject({
          role: 'evaluator',
          system: JUDGE_SYSTEM,
          prompt: judgePrompt({
            ...input,
            prediction: input.prediction.slice(0, MAX_JUDGE_PREDICTION_CHARS),
          }),
          schema: judgeVerdictSchema,
          schemaName: 'grade',
          abortSignal: input.signal,
        });
        return {
          model: result.model,
          grade: result.value.grade,
          reasoning: result.value.reasoning,
          usage: result.usage,
        };
      } catch (error) {
        return { model: options.model, error: describeError(error) };
      }
    },
  };
}
