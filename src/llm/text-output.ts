import { generateText, streamText } from 'ai';
import type { Attempt } from './call-runner.js';
import type { LlmTextRequest } from './types.js';

/**
 * One call for plain text; streams through `onDelta` when the request has one. `temperature`
 * (absent: the provider's) is the role's, from the run's options.
 */
export function textAttempt(request: LlmTextRequest, temperature?: number): Attempt<string> {
  return async ({ model, signal, maxOutputTokens }) => {
    const common = {
      model,
      system: request.system,
      prompt: request.prompt,
      abortSignal: signal,
      maxRetries: 0,
      maxOutputTokens,
      // The AI SDK walks the settings' keys (telemetry), so an unset temperature stays absent.
      ...(temperature === undefined ? {} : { temperature }),
    };
    const { onDelta } = request;
    if (!onDelta) {
      const result = await generateText(common);
      return { value: result.text, tokens: result.totalUsage };
    }
    // Errors arrive as stream parts; they are thrown here so the retry loop sees them.
    const result = streamText({ ...common, onError: () => {} });
    let text = '';
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        onDelta(part.text);
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'abort') {
        throw signal.reason;
      }
    }
    return { value: text, tokens: await result.totalUsage };
  };
}
