import type { ResearchConfig } from '../config/index.js';
import { ConfigError, MissingApiKeyError } from '../errors.js';
import { flagForField } from './options.js';

/**
 * `checkResearchSetup` for the command line: the error also says where the offending option can be
 * set (flag, variable, config key) when its message does not already name the flag, since the
 * value may have come from any of them.
 */
export async function checkSetupForCli(
  config: ResearchConfig,
  env: Record<string, string | undefined>,
): Promise<void> {
  const { checkResearchSetup } = await import('../research/index.js');
  try {
    await checkResearchSetup(config, { env });
  } catch (error) {
    // A missing key is fixed by setting the key, which its message says; not by changing the model.
    const keyMissing = error instanceof ConfigError && error.cause instanceof MissingApiKeyError;
    const entry = error instanceof ConfigError && error.field ? flagForField(error.field) : undefined;
    if (
      !(error instanceof ConfigError) ||
      !entry ||
      keyMissing ||
      error.message.includes(`--${entry.flag}`)
    ) {
      throw error;
    }
    const places = [`--${entry.flag}`, ...(entry.env ? [entry.env] : [])].join(', ');
    throw new ConfigError(`${error.message} Set with ${places} or "${entry.field}" in the config file.`, {
      field: entry.field,
      cause: error,
    });
  }
}
