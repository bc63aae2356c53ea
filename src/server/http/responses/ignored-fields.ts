/**
 * Fields of OpenAI's Responses API (`POST /v1/responses`, as openai-node 6 types them) that a
 * research run has no use for: accepted and ignored, so clients that send them (tools, text
 * formats, metadata, storage hints) work. Any other field the request schema does not name is
 * refused, naming it: a misspelt `budget_token` must not pass unnoticed.
 */
export const IGNORED_RESPONSES_FIELDS = [
  'context_management',
  'conversation',
  'include',
  'max_output_tokens',
  'max_tool_calls',
  'metadata',
  'moderation',
  'parallel_tool_calls',
  'prompt',
  'prompt_cache_key',
  'prompt_cache_options',
  'prompt_cache_retention',
  'safety_identifier',
  'service_tier',
  'store',
  'stream_options',
  'text',
  'tool_choice',
  'tools',
  'top_logprobs',
  'top_p',
  'truncation',
  'user',
] as const;

/** Fields of the Responses API's `reasoning` object besides `effort` and `summary`, ignored likewise. */
export const IGNORED_REASONING_FIELDS = ['generate_summary', 'context', 'mode'] as const;
