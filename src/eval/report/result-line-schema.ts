import { z } from 'zod';
import { JUDGE_GRADES } from '../scoring/judge-prompt.js';

const count = z.number().finite().nonnegative();
const share = z.number().finite().min(0).max(1);

/**
 * The fields of a `results.jsonl` line that reports and the server read (see `QuestionResult`):
 * a line without them, or with a wrong type, is left out and reported, never a crash of every page.
 */
export const resultLineSchema = z.looseObject({
  id: z.string(),
  question: z.string(),
  gold: z.string(),
  types: z.array(z.string()),
  level: z.string().optional(),
  runId: z.string(),
  status: z.string(),
  stopReason: z.string().optional(),
  prediction: z.string(),
  em: share,
  f1: share,
  precision: share,
  recall: share,
  judge: z
    .looseObject({
      model: z.string(),
      grade: z.enum(JUDGE_GRADES).optional(),
      usage: z.looseObject({ costUsd: z.number().finite().nullable().optional() }).optional(),
    })
    .optional(),
  citations: z.looseObject({
    references: count,
    verified: count,
    claims: z.looseObject({ total: count, supported: count, unsupported: count }).optional(),
  }),
  usage: z.looseObject({ totalTokens: count, costUsd: z.number().finite().nullable().optional() }),
  durationMs: count,
});
