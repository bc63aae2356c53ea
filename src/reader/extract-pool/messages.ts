/** A page sent to a worker to extract. */
export interface ExtractRequest {
  html: string;
  url: string;
}
