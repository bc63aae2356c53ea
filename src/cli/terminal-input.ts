import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { InputRequest, PlanDraft } from '../contract/index.js';
import { ConfigError } from '../errors.js';
import type { AskInput } from '../research/index.js';
import { reviewPlanInline } from './inline-plan-review.js';
import { personEditor } from './person-editor.js';
import { planFromText, planToText } from './plan-text.js';
import { visibleText } from './visible-text.js';

/** Where a terminal prompt reads and writes, and the environment that names the editor. */
export interface TerminalInputOptions {
  stdin: NodeJS.ReadableStream;
  /** Questions and the plan are shown here (stdout stays for the answer). */
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
}

/** Opens the plan in `$VISUAL`/`$EDITOR` and reads it back once the editor exits. */
async function editInEditor(editor: string, plan: PlanDraft): Promise<unknown> {
  const folder = await mkdtemp(join(tmpdir(), 'deepresearch-plan-'));
  const file = join(folder, 'plan.txt');
  try {
    await writeFile(file, planToText(plan), { encoding: 'utf8', mode: 0o600 });
    // The editor may carry arguments (`code --wait`): the shell splits them; the path is quoted.
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(`${editor} ${JSON.stringify(file)}`, { shell: true, stdio: 'inherit' });
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0)
      throw new ConfigError(`The editor "${editor}" exited with code ${code}; the plan was not changed.`);
    return { subQuestions: planFromText(await readFile(file, 'utf8'), plan) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * How the terminal asks the person: clarifying questions one by one (Enter skips one), the plan
 * in the editor the person chose (`personEditor`), else inline.
 */
export function terminalInput(options: TerminalInputOptions): AskInput {
  return async (request: InputRequest, { signal }) => {
    const lines = createInterface({ input: options.stdin, output: options.stderr, terminal: false });
    // Input that ends (Ctrl-D, a closed pipe) ends the questions instead of waiting forever.
    const closed = new Promise<never>((_, reject) => {
      lines.once('close', () =>
        reject(new ConfigError('The input ended before the questions were answered.')),
      );
    });
    closed.catch(() => undefined);
    const ask = (prompt: string) => Promise.race([lines.question(prompt, signal ? { signal } : {}), closed]);
    const write = (text: string) => options.stderr.write(text);
    try {
      if (request.kind === 'clarify') {
        write('\nA few questions before research starts (Enter skips one):\n');
        const answers: string[] = [];
        for (const [index, question] of request.questions.entries()) {
          answers.push((await ask(`${index + 1}. ${visibleText(question)}\n> `)).trim());
        }
        return { answers };
      }
      const editor = personEditor(options.env);
      if (editor) return await editInEditor(editor, request.plan);
      return await reviewPlanInline({ ask, write, plan: request.plan });
    } finally {
      lines.close();
    }
  };
}
