import { type LoadedConfig, loadConfig } from '../config/index.js';
import { ConfigError } from '../errors.js';
import { packageVersion } from '../shared/index.js';
import { type CliIo, commands } from './commands.js';
import { cliConfigError } from './error-text.js';
import { commandHelpText, helpText } from './help.js';

export type { CliIo } from './commands.js';

/**
 * Runs the CLI and resolves with the exit code; never calls process.exit itself. The first argument
 * picks a command from the table (`ask` when it names none); options are loaded by config/ with
 * precedence flags > env > config file > defaults. A bad option rejects with a `ConfigError` worded
 * for the command line: it names the flag, variable or config file key the value came from.
 */
export async function runCli(io: CliIo): Promise<number> {
  const [first, ...rest] = io.argv;
  // `deepresearch help` and `deepresearch help <command>` print help instead of researching "help".
  if (first === 'help' && rest.length <= 1) {
    const about = commands.find((command) => command.name === rest[0]);
    if (rest.length === 0 || about) {
      io.stdout.write(
        about ? commandHelpText(packageVersion(), about) : helpText(packageVersion(), commands),
      );
      return 0;
    }
  }
  const named = commands.find((command) => command.name === first);
  const command = named ?? commands[0];
  if (!command) throw new Error('No commands are defined.');
  let loaded: LoadedConfig | undefined;
  try {
    const argv = named ? rest : io.argv;
    // Help and the version print whatever the environment and config file hold.
    const informational = argv.some((arg) => ['-h', '--help', '-v', '--version'].includes(arg));
    loaded = await loadConfig({
      argv,
      cwd: io.cwd,
      groups: command.groups,
      ...(informational ? { file: false } : { env: io.env }),
    });
    if (loaded.output.version) {
      io.stdout.write(`${packageVersion()}\n`);
      return 0;
    }
    if (loaded.output.help || io.argv.length === 0) {
      io.stdout.write(
        named ? commandHelpText(packageVersion(), named) : helpText(packageVersion(), commands),
      );
      return 0;
    }
    return await command.run(loaded, io);
  } catch (error) {
    if (error instanceof ConfigError) {
      throw cliConfigError(error, { command: command.name, ...(loaded ? { origins: loaded.origins } : {}) });
    }
    throw error;
  }
}
