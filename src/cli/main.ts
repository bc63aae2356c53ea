import { isDeepResearchError } from '../errors.js';
import { runCli } from './run-cli.js';

async function main(): Promise<void> {
  const controller = new AbortController();
  let interrupted = false;
  process.on('SIGINT', () => {
    // The first Ctrl-C cancels the run so its partial result is still printed; a second one quits.
    if (interrupted) process.exit(130);
    interrupted = true;
    process.stderr.write('\nCancelling… (press Ctrl-C again to quit at once)\n');
    controller.abort();
  });
  process.on('SIGTERM', () => controller.abort());
  const verbose = process.argv.includes('--verbose');
  try {
    const code = await runCli({
      argv: process.argv.slice(2),
      env: process.env,
      cwd: process.cwd(),
      stdout: process.stdout,
      stderr: process.stderr,
      signal: controller.signal,
    });
    process.exitCode = interrupted && code !== 1 ? 130 : code;
  } catch (error) {
    if (verbose && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    const message = isDeepResearchError(error)
      ? error.message
      : `Unexpected error: ${(error as Error)?.message ?? error}`;
    process.stderr.write(`deepresearch: ${message}\n`);
    process.exitCode = 1;
  }
}

await main();
