import { z } from 'zod';
import type { EvalQuestion } from '../types.js';
import { checkRecord, type LocatedRecord } from './read-records.js';

const hint =
  'Each question is {"id"?, "question", "answer", "aliases"?: [...], "documents"?: ["text" or {"title", "text"}], "type"?, "level"?}.';

const text = z.union([z.string(), z.number().transform(String)]);
const genericRecord = z.object({
  id: z.union([z.string().trim().min(1), z.number().transform(String)]).optional(),
  question: z.string().trim().min(1),
  answer: text,
  aliases: z.array(text).optional(),
  documents: z
    .array(z.union([z.string().min(1), z.object({ title: z.string().optional(), text: z.string().min(1) })]))
    .optional(),
  type: z.union([z.string(), z.array(z.string())]).optional(),
  level: z.string().optional(),
});

/** Questions of a generic JSONL (or JSON array) file; a question without an id gets its position. */
export function genericQuestions(records: LocatedRecord<unknown>[]): EvalQuestion[] {
  return records.map((record, position) => {
    const item = checkRecord(record, genericRecord, hint);
    const question: EvalQuestion = {
      id: item.id ?? String(position),
      question: item.question,
      answer: item.answer,
      aliases: item.aliases ?? [],
      types: typeof item.type === 'string' ? [item.type] : (item.type ?? []),
      level: item.level || undefined,
    };
    if (item.documents) {
      question.documents = item.documents.map((document, index) =>
        typeof document === 'string'
          ? { title: `Document ${index + 1}`, text: document }
          : { title: document.title?.trim() || `Document ${index + 1}`, text: document.text },
      );
    }
    return question;
  });
}
