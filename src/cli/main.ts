import { isDeepResearchError } from '../errors.js';
import { releaseProcessResources } from '../shared/index.js';
import { runCli } from './run-cli.js';
import { visibleText } from './visible-text.js';

/** How long a finished command may take to let go of the event loop before it is ended. */
const EXIT_GRACE_MS = 1_000;

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
      stdin: process.stdin,
      signal: controller.signal,
    });
    process.exitCode = interrupted && code !== 1 ? 130 : code;
  } catch (error) {
    if (verbose && error instanceof Error) process.stderr.write(`${error.stack}\n`);
    const message = isDeepResearchError(error)
      ? error.message
      : `Unexpected error: ${(error as Error)?.message ?? error}`;
    // Messages may quote a path or a name from a file: never a sequence the terminal acts on.
    process.stderr.write(`deepresearch: ${visibleText(message)}\n`);
    process.exitCode = 1;
  }
}

await main();
// The command is done (a server returns only once it has shut down): its extraction workers and
// browser end (registered by the reader when it started them, so a command that read nothing does not
// load the reader here), and if anything else still holds the event loop — a worker's port, a socket a
// library left open — the process exits shortly after with the command's exit code instead of hanging.
await releaseProcessResources();
setTimeout(() => process.exit(), EXIT_GRACE_MS).unref();
