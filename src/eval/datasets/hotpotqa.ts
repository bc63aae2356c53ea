import { z } from 'zod';
import { DatasetError } from '../errors.js';
import type { EvalQuestion } from '../types.js';
import { checkRecord, type LocatedRecord } from './read-records.js';

const hint =
  'HotpotQA items have "_id", "question", "answer", "type", "level" and "context": [[title, [sentences…]], …] (the test set has no answers: use a dev set).';

const hotpotItem = z.object({
  _id: z.string().min(1),
  question: z.string().trim().min(1),
  answer: z.string(),
  type: z.string().optional(),
  level: z.string().optional(),
  context: z.array(z.tuple([z.string(), z.array(z.string())])).optional(),
});

/** Whether a JSON record looks like a HotpotQA item. */
export function isHotpotItem(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_id' in value &&
    ('context' in value || 'supporting_facts' in value)
  );
}

/**
 * HotpotQA questions. In the distractor setting each question's `context` paragraphs (title and
 * sentences) become its local documents, so the run needs no web; with `fullwiki` they are ignored
 * and the run researches the web.
 */
export function hotpotQuestions(
  records: LocatedRecord<unknown>[],
  options: { fullwiki: boolean },
): EvalQuestion[] {
  return records.map((record) => {
    const item = checkRecord(record, hotpotItem, hint);
    const question: EvalQuestion = {
      id: item._id,
      question: item.question,
      answer: item.answer,
      aliases: [],
      types: item.type ? [item.type] : [],
      level: item.level || undefined,
    };
    if (options.fullwiki) return question;
    if (!item.context || item.context.length === 0) {
      throw new DatasetError(
        { ...record.location, field: 'context' },
        'no context paragraphs to research in. Pass --format hotpotqa-fullwiki to research this set on the web.',
      );
    }
    question.documents = item.context.map(([title, sentences]) => ({ title, text: sentences.join('') }));
    return question;
  });
}
