import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { releaseProcessResources } from '../../shared/index.js';
import { extractHtml } from '../html/index.js';
import { createExtractionPool, sharedExtractionPool } from './pool.js';

const article = (topic: string) =>
  `<html><head><title>${topic}</title></head><body><nav><a href="/">Home</a></nav><article><h1>${topic}</h1>${'<p>This paragraph gives the article enough prose to be chosen as the main content, with commas, clauses, and detail.</p>'.repeat(4)}</article></body></html>`;

describe('extraction pool', () => {
  it('extracts in worker threads exactly what extraction in this thread gives, in any order', async () => {
    const pool = createExtractionPool({ workers: 2 });
    try {
      const topics = ['One', 'Two', 'Three', 'Four', 'Five'];
      const pages = await Promise.all(
        topics.map((topic) => pool.extract(article(topic), `https://example.com/${topic}`)),
      );
      expect(pool.mode).toBe('workers');
      topics.forEach((topic, index) => {
        expect(pages[index]).toEqual(extractHtml(article(topic), { url: `https://example.com/${topic}` }));
      });
    } finally {
      await pool.close();
    }
  }, 90_000);

  it('gives up a page past its time limit with extract_timeout and replaces the worker', async () => {
    // No page is extracted within a millisecond, round trip included.
    const hasty = createExtractionPool({ workers: 1, timeoutMs: 1 });
    const huge = article('Huge').replace(
      '</article>',
      `${'<p>More prose, and more, and more.</p>'.repeat(20_000)}</article>`,
    );
    try {
      await expect(hasty.extract(huge, 'https://example.com/huge')).rejects.toMatchObject({
        code: 'extract_timeout',
        message: expect.stringContaining('https://example.com/huge'),
      });
      // The worker was recycled: the pool still answers (and still gives up on time).
      await expect(hasty.extract(huge, 'https://example.com/huge')).rejects.toMatchObject({
        code: 'extract_timeout',
      });
      expect(hasty.mode).toBe('workers');
    } finally {
      await hasty.close();
    }
    const patient = createExtractionPool({ workers: 1 });
    try {
      expect((await patient.extract(article('After'), 'https://example.com/after')).title).toBe('After');
    } finally {
      await patient.close();
    }
  }, 90_000);

  it('extracts in this thread when asked to, or when workers cannot start', async () => {
    const inProcess = createExtractionPool({ workers: 0 });
    expect(inProcess.mode).toBe('in-process');
    expect((await inProcess.extract(article('Here'), 'https://example.com/here')).title).toBe('Here');
    const broken = createExtractionPool({
      workers: 1,
      workerUrl: new URL('./no-such-worker.js', import.meta.url),
    });
    expect((await broken.extract(article('Fallback'), 'https://example.com/fallback')).title).toBe(
      'Fallback',
    );
    expect(broken.mode).toBe('in-process');
    await broken.close();
  });

  it('fails the pages under way with extract_failed when the pool closes', async () => {
    const pool = createExtractionPool({ workers: 1 });
    try {
      const pending = expect(
        pool.extract(article('Closed'), 'https://example.com/closed'),
      ).rejects.toMatchObject({ code: 'extract_failed' });
      await pool.close();
      await pending;
      await expect(pool.extract(article('Later'), 'https://example.com/later')).rejects.toMatchObject({
        code: 'extract_failed',
        message: expect.stringContaining('closed'),
      });
    } finally {
      await pool.close();
    }
  });
});

describe('extraction pool and the process', () => {
  it('is ended by releaseProcessResources once started, as the CLI ends it after a command; a later page starts another', async () => {
    const pool = sharedExtractionPool();
    await releaseProcessResources();
    await expect(pool.extract(article('Later'), 'https://example.com/later')).rejects.toMatchObject({
      code: 'extract_failed',
      message: expect.stringContaining('closed'),
    });
    const next = sharedExtractionPool();
    expect(next).not.toBe(pool);
    await releaseProcessResources();
  });

  it('lets the process exit when a worker started but never got a page', async () => {
    // The second worker starts for the third page, but the first worker takes that page sooner.
    const script = `
      import { createExtractionPool } from ${JSON.stringify(new URL('./pool.ts', import.meta.url).href)};
      const pool = createExtractionPool({ workers: 2 });
      const page = ${JSON.stringify(article('Idle'))};
      await pool.extract(page, 'https://example.com/1');
      await Promise.all([pool.extract(page, 'https://example.com/2'), pool.extract(page, 'https://example.com/3')]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      process.stdout.write('done');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 30_000);
      child.on('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!exited) child.kill('SIGKILL');
    expect(output).toBe('done');
    expect(exited).toBe(true);
  }, 60_000);
});
