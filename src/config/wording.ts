import { ConfigError, type ConfigErrorDetails } from '../errors.js';
import { closestName } from './closest-name.js';
import { showValue } from './values.js';

/** How one surface (CLI, sessions API, OpenAI endpoint, library) words a configuration problem. */
export interface ConfigWording {
  /** The value's place as this surface names it: `--max-steps`, `"options.maxSteps"`, `"budget_tokens"`. */
  place: string;
  /** How this surface's users set an option (`--api-key`); undefined when they cannot set it. */
  settingName?: (setting: string) => string | undefined;
  /** `server`: a missing variable is the server operator's to set, not the reader's. */
  variableOwner?: 'user' | 'server';
}

/**
 * The sentence for a `ConfigError` on one surface. Every surface words values the same way
 * ("must be a positive whole number, got "-3"") and names the place its own way.
 */
export function describeConfigError(
  error: ConfigErrorDetails & { message?: string },
  wording: ConfigWording,
): string {
  const { place } = wording;
  const known = error.known ?? [];
  switch (error.problem) {
    case 'invalid_value':
      return `Invalid value for ${place}: must be ${error.expected}, got ${showValue(error.received)}.`;
    case 'unknown_option': {
      // A near miss gets the one name it most likely meant, not the list of every option.
      const typed = error.flag ?? error.param?.split('.').at(-1) ?? error.key?.split('.').at(-1) ?? '';
      const meant = closestName(typed, known);
      if (meant) return `Unknown option ${place}. Did you mean "${meant}"?`;
      return `Unknown option ${place}.${known.length > 0 ? ` Known options: ${known.join(', ')}.` : ''}`;
    }
    case 'not_allowed':
      return `Invalid value for ${place}: ${showValue(error.received)} is not allowed on this server. ${
        known.length > 0 ? `Allowed: ${known.join(', ')}.` : 'Nothing else is allowed.'
      }`;
    case 'operator_only':
      return `${place} cannot be set by API clients; only the server's operator sets it.`;
    case 'missing_api_key':
    case 'missing_base_url':
      return wording.variableOwner === 'server' ? serverMissing(error, wording) : userMissing(error, wording);
    default:
      return error.message ?? `Invalid value for ${place}.`;
  }
}

/** `OPENAI_API_KEY is not set; pass --api-key or set OPENAI_API_KEY to use openai.` */
function userMissing(error: ConfigErrorDetails, wording: ConfigWording): string {
  const variable = error.variable ?? 'its variable';
  const setting = error.setting ? wording.settingName?.(error.setting) : undefined;
  const fix = setting ? `pass ${setting} or set ${variable}` : 'set it';
  const purpose = error.key === 'search' ? `search with ${error.provider}` : `use ${error.provider}`;
  const keyOwner = error.keyProvider ? wording.settingName?.('apiKey') : undefined;
  const note = keyOwner ? ` (${keyOwner} is the key of ${error.keyProvider} models only)` : '';
  const alternatives =
    (error.known ?? []).length > 0
      ? `, or choose a provider that needs no key (${error.known?.join(', ')})`
      : '';
  return `${variable} is not set; ${fix} to ${purpose}${note}${alternatives}.`;
}

/** `Invalid value for "options.model": "anthropic:x" needs ANTHROPIC_API_KEY, which is not set on this server.` */
function serverMissing(error: ConfigErrorDetails, wording: ConfigWording): string {
  const subject =
    error.key === 'search' || error.received === undefined ? error.provider : showValue(error.received);
  const alternatives = (error.known ?? []).length > 0 ? ` Choose one of: ${error.known?.join(', ')}.` : '';
  return `Invalid value for ${wording.place}: ${subject} needs ${error.variable}, which is not set on this server.${alternatives}`;
}

/** Where a value came from, named the neutral way (library users, logs). */
export function neutralPlace(details: ConfigErrorDetails): string {
  if (details.flag) return details.flag;
  if (details.env) return details.env;
  if (details.param) return `"${details.param}"`;
  const key = `"${details.key ?? 'options'}"`;
  return details.file ? `${key} in ${details.file}` : key;
}

/** A `ConfigError` whose message is the neutral wording of its fields. */
export function configError(details: ConfigErrorDetails): ConfigError {
  const message = describeConfigError(
    { problem: details.expected !== undefined ? 'invalid_value' : 'usage', ...details },
    { place: neutralPlace(details), settingName: (setting) => `the "${setting}" option` },
  );
  return new ConfigError(message, details);
}
