import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { MAX_EVAL_FILE_BYTES } from '../constants.js';

// Each field checked on its own: a wrong one is dropped, the others still shown.
const evalFileSchema = z.object({
  dataset: z.string().optional().catch(undefined),
  format: z.string().optional().catch(undefined),
  questions: z.number().int().nonnegative().optional().catch(undefined),
  startedAt: z.string().optional().catch(undefined),
  options: z
    .object({ model: z.string().optional().catch(undefined) })
    .optional()
    .catch(undefined),
});

/** What `eval.json` of an evaluation folder says (the parts a list shows). */
export type EvalFileSummary = z.output<typeof evalFileSchema>;

const FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Whether `folder` holds an `eval.json` that is a regular file: an evaluation folder. */
export async function isEvalFolder(folder: string): Promise<boolean> {
  const info = await stat(join(folder, 'eval.json')).catch(() => undefined);
  return info?.isFile() ?? false;
}

/**
 * The `eval.json` of an evaluation folder, read only when it is a regular file of at most
 * `MAX_EVAL_FILE_BYTES`; anything else (too large, not JSON, gone) gives an empty summary and a
 * warning, so the folder is still listed by its results.
 */
export async function readEvalFile(folder: string): Promise<{ meta: EvalFileSummary; warnings: string[] }> {
  const damaged = (why: string) => ({
    meta: {},
    warnings: [`eval.json ${why}; the folder is shown by its results.`],
  });
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(join(folder, 'eval.json'), FLAGS);
  } catch {
    return damaged('cannot be read');
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return damaged('is not a regular file');
    if (info.size > MAX_EVAL_FILE_BYTES) return damaged(`is over ${MAX_EVAL_FILE_BYTES} bytes`);
    const checked = evalFileSchema.safeParse(JSON.parse(await handle.readFile('utf8')));
    return checked.success ? { meta: checked.data, warnings: [] } : damaged('is not a JSON object');
  } catch {
    return damaged('is not JSON');
  } finally {
    await handle.close();
  }
}
