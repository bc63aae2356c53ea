import { closestName, describeConfigError, fieldOfKey } from '../config/index.js';
import { ConfigError, type ConfigOrigin } from '../errors.js';

/**
 * A `ConfigError` in the command line's words: the value's place is the flag, variable or config
 * file key it came from (`origins`, from loading), an option is set with its flag, and a flag
 * mistake points at the command's help.
 */
export function cliConfigError(
  error: ConfigError,
  context: { command: string; origins?: Record<string, ConfigOrigin> },
): ConfigError {
  const help = `Run "deepresearch ${context.command} --help" for its options.`;
  const fromArgv =
    error.flag !== undefined && (error.problem === 'usage' || error.problem === 'unknown_option');
  const message = fromArgv
    ? `${error.problem === 'unknown_option' ? unknownFlag(error) : error.message} ${help}`
    : describeConfigError(error, {
        place: placeOf(error, context.origins ?? {}),
        settingName: (setting) => {
          const field = fieldOfKey(setting);
          return field ? `--${field.flag}` : undefined;
        },
      });
  return new ConfigError(`${message}${keylessHint(error)}`, { ...error.details(), cause: error });
}

/**
 * For a model key that is not set, the ways to try DeepResearch without one: a newcomer without a
 * key should not stop at the missing variable.
 */
function keylessHint(error: ConfigError): string {
  if (error.problem !== 'missing_api_key' || error.key === 'search') return '';
  return ' To try it without a key: "npm run demo" in a clone (a scripted model), or a local model with Ollama (--model ollama:llama3.1).';
}

function placeOf(error: ConfigError, origins: Record<string, ConfigOrigin>): string {
  const key = error.key ?? '';
  const origin: ConfigOrigin =
    error.flag || error.env || error.file ? error : (origins[key.split('.')[0] ?? ''] ?? {});
  if (origin.flag) return origin.flag;
  if (origin.env) return origin.env;
  if (origin.file) return `"${key}" in ${origin.file}`;
  const field = fieldOfKey(key.split('.')[0] ?? '');
  return field ? `--${field.flag}` : `"${key}"`;
}

/** `Unknown option --max-step. Did you mean --max-steps?` when one known flag is that near. */
function unknownFlag(error: ConfigError): string {
  const meant = closestName(error.flag ?? '', error.known ?? []);
  return `Unknown option ${error.flag}.${meant ? ` Did you mean ${meant}?` : ''}`;
}
