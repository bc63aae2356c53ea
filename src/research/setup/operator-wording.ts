import { describeConfigError } from '../../config/index.js';
import { ConfigError, DeepResearchError, MissingApiKeyError } from '../../errors.js';
import type { ResearchRuntime } from '../types.js';

/**
 * A setup mistake in a run that serves someone else (`fixedBy: 'operator'`, a server's client),
 * worded as the server's to fix, naming no flag or option to pass; anything else as it is.
 */
export function wordedFor(error: unknown, runtime: ResearchRuntime): unknown {
  if (runtime.fixedBy !== 'operator') return error;
  if (error instanceof MissingApiKeyError) {
    return new DeepResearchError({
      code: error.code,
      kind: error.kind,
      message: `${error.variable} is not set on this server, so ${error.provider} cannot be used; the server's operator can set it.`,
      cause: error,
    });
  }
  if (!(error instanceof ConfigError)) return error;
  const message = describeConfigError(
    { ...error.details(), message: error.message },
    { place: `"${error.key ?? 'options'}"`, variableOwner: 'server' },
  );
  return new ConfigError(message, { ...error.details(), cause: error });
}
