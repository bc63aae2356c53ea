import { request } from 'node:http';

/**
 * One HTTP request with exactly the headers given (fetch will not send a forged `Host`), resolving
 * with the status, headers and body text.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => {
          body += chunk;
        });
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
