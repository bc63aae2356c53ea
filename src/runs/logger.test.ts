import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

function linesOf(log: (logger: ReturnType<typeof createLogger>) => void, secrets: string[] = []) {
  const written: string[] = [];
  log(createLogger({ stream: { write: (chunk: string) => written.push(chunk) }, secrets }));
  return written.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('createLogger', () => {
  it('redacts fields named like secrets and every configured secret wherever it appears', () => {
    const [line] = linesOf(
      (logger) =>
        logger.log('info', 'request', {
          apiKey: 'sk-1',
          authorization: 'Bearer t',
          note: 'sent tok-9 along',
        }),
      ['tok-9'],
    );
    expect(line).toMatchObject({
      apiKey: '[redacted]',
      authorization: '[redacted]',
      note: 'sent [redacted] along',
    });
  });

  it('keeps token counts: a number is never a secret', () => {
    const [line] = linesOf((logger) =>
      logger.log('info', 'run state', { totalTokens: 5734, hasKey: true, status: 'completed' }),
    );
    expect(line).toMatchObject({ totalTokens: 5734, hasKey: true, status: 'completed' });
  });
});
