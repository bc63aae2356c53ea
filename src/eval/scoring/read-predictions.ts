import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ConfigError } from '../../errors.js';
import { checkRecord, readJsonRecords } from '../datasets/read-records.js';
import { DatasetError } from '../errors.js';

const hint = 'Each line is {"id": "…", "answer": "…"} (HotpotQA\'s "_id" is accepted for "id").';
const text = z.union([z.string(), z.number().transform(String)]);
const predictionLine = z
  .object({ id: text.optional(), _id: text.optional(), answer: text })
  .refine((line) => line.id !== undefined || line._id !== undefined, { message: 'no "id"', path: ['id'] });
const officialFile = z.object({ answer: z.record(z.string(), text) });

/**
 * Reads predictions by question id: JSONL of `{ id | _id, answer }`, or the JSON object the official
 * HotpotQA script takes (`{ "answer": { id: text }, "sp": … }`), so both score the same file.
 */
export async function readPredictions(path: string): Promise<Map<string, string>> {
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`Cannot read the predictions ${path}: ${(error as Error).message}.`, {
      cause: error,
    });
  }
  content = content.replace(/^\uFEFF/, '');
  const official = parseOfficial(content);
  if (official) return new Map(Object.entries(official));
  const predictions = new Map<string, string>();
  for (const record of readJsonRecords(path, content)) {
    const line = checkRecord(record, predictionLine, hint);
    const id = (line.id ?? line._id) as string;
    if (predictions.has(id)) {
      throw new DatasetError(
        { ...record.location, field: 'id' },
        `the id "${id}" has a prediction already; give one per id.`,
      );
    }
    predictions.set(id, line.answer);
  }
  return predictions;
}

/** The official HotpotQA predictions object, when the whole file is one. */
function parseOfficial(content: string): Record<string, string> | undefined {
  if (!content.trimStart().startsWith('{')) return undefined;
  try {
    const parsed = officialFile.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data.answer : undefined;
  } catch {
    // Not one JSON document: JSON Lines, read line by line.
    return undefined;
  }
}
