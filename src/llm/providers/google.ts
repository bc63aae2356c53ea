import { createGoogleGenerativeAI } from '@ai-sdk/google';
import type { ModelProviderDefinition } from './types.js';

/** Google's Gemini API (Generative Language). */
export const googleProvider: ModelProviderDefinition = {
  id: 'google',
  apiKeyVariable: 'GOOGLE_GENERATIVE_AI_API_KEY',
  apiKeyRequired: true,
  defaultBaseURL: 'https://generativelanguage.googleapis.com/v1beta',
  acceptsBaseURL: false,
  local: false,
  autoStructuredOutputMode: 'json',
  create: ({ modelName, apiKey, baseURL, fetch }) =>
    createGoogleGenerativeAI({ apiKey, baseURL, fetch })(modelName),
};
