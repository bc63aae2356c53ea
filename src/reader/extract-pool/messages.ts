import type { ExtractedPage } from '../html/index.js';

/** A page sent to a worker to extract. */
export interface ExtractRequest {
  id: number;
  html: string;
  url: string;
}

/** A worker's answer: the page, or why extraction threw. */
export type ExtractResponse =
  | { type: 'ready' }
  | { type: 'done'; id: number; page: ExtractedPage }
  | { type: 'failed'; id: number; message: string };
