import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { closeSharedBrowser, type Source } from '../reader/index.js';
import { APP_SHELL_FACT, appShellPages } from '../testing/app-shell-pages.js';
import { type FakePageServer, startFakePageServer } from '../testing/fake-page-server.js';
import { installedBrowser, needsBrowser } from '../testing/vitest/browser.js';
import { runReadCommand } from './read-command.js';

let server: FakePageServer | undefined;
let directory: string | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (directory) await rm(directory, { recursive: true, force: true });
  directory = undefined;
});

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { stream, text: () => text };
}

const article = (title: string, sentence: string) =>
  `<html><head><title>${title}</title></head><body><article><h1>${title}</h1><p>${sentence}</p></article></body></html>`;

describe('runReadCommand', () => {
  it('reads many files and URLs in input order; one bad input fails alone with exit code 1', async () => {
    directory = await mkdtemp(join(tmpdir(), 'read-command-'));
    const files: string[] = [];
    for (let index = 0; index < 12; index++) {
      const file = join(directory, `page-${index}.html`);
      await writeFile(
        file,
        article(`File ${index}`, `Body of file number ${index}, long enough to be content.`),
      );
      files.push(file);
    }
    server = await startFakePageServer({
      // The first URL is the slowest, so order must come from the inputs, not from completion.
      '/slow': {
        body: article('Slow page', 'The slow page arrives last but is printed first.'),
        delayMs: 150,
      },
    });
    const inputs = [
      `${server.origin}/slow`,
      ...files.slice(0, 6),
      join(directory, 'missing.html'),
      ...files.slice(6),
    ];
    const stdout = capture();
    const stderr = capture();
    const code = await runReadCommand({
      inputs,
      format: 'json',
      allowHosts: [server.host],
      concurrency: 4,
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    expect(code).toBe(1);
    const lines = stdout
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(inputs.length);
    expect(lines.map((line) => line.source)).toEqual(inputs);
    expect(lines[0]).toMatchObject({ url: `${server.origin}/slow`, title: 'Slow page' });
    expect(lines[7]).toEqual({
      source: inputs[7],
      error: { code: 'not_found', message: expect.any(String) },
    });
    expect(lines[13]).toMatchObject({
      title: 'File 11',
      url: expect.stringMatching(/^file:\/\/.*page-11\.html$/),
    });
    expect(Object.keys(lines[1]).sort()).toEqual(
      ['byline', 'images', 'lang', 'markdown', 'publishedAt', 'source', 'text', 'title', 'url'].sort(),
    );
  });

  it("lists a page's images with their alt text in --format json, without fetching them", async () => {
    server = await startFakePageServer({
      '/story': `<html><head><title>Harbour</title></head><body><article><h1>Harbour</h1>
        <p>The harbour board agreed that the new quay needs careful study before any money is spent.</p>
        <img src="media/quay.jpg" alt="The new quay at dawn" width="800" height="600">
        <img src="/t/pixel.gif" alt="Counter" width="1" height="1"></article></body></html>`,
    });
    const stdout = capture();
    const code = await runReadCommand({
      inputs: [`${server.origin}/story`],
      format: 'json',
      allowHosts: [server.host],
      stdout: stdout.stream,
      stderr: capture().stream,
    });
    expect(code).toBe(0);
    expect(JSON.parse(stdout.text()).images).toEqual([
      { url: `${server.origin}/media/quay.jpg`, alt: 'The new quay at dawn', width: 800, height: 600 },
    ]);
    expect(server.requests.map((request) => request.path)).toEqual(['/story']);
  });

  it('prints markdown with a title and source header per input, errors on stderr', async () => {
    server = await startFakePageServer({
      '/one': article('First', 'The first page talks about apples and orchards in spring.'),
      '/two': article('Second', 'The second page talks about pears and harvest in autumn.'),
    });
    const stdout = capture();
    const stderr = capture();
    const code = await runReadCommand({
      inputs: [`${server.origin}/one`, 'http://127.0.0.1:1/private', `${server.origin}/two`],
      format: 'markdown',
      allowHosts: [server.host],
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    expect(code).toBe(1);
    const output = stdout.text();
    expect(output).toMatch(/^# First\n\nSource: <http:\/\/127\.0\.0\.1:\d+\/one>\n\n/);
    // The page's own heading repeats the title; it is printed once.
    expect(output.match(/# First/g)).toHaveLength(1);
    expect(output).toMatch(/Source: <http:\/\/127\.0\.0\.1:\d+\/one>\n\nThe first page talks about apples/);
    expect(output.indexOf('apples')).toBeLessThan(output.indexOf('# Second'));
    expect(output).toContain('\n---\n\n# Second');
    expect(stderr.text()).toBe(
      'deepresearch read: http://127.0.0.1:1/private: Refused to fetch http://127.0.0.1:1/private: 127.0.0.1 is a loopback address. Allow it with --allow-host 127.0.0.1:1. [blocked_address]\n',
    );
  });

  it('prints plain text and exits 0 when everything was read', async () => {
    server = await startFakePageServer({
      '/t': article('Plain', 'Text output has no markdown *markup* in it.'),
    });
    const stdout = capture();
    const code = await runReadCommand({
      inputs: [`${server.origin}/t`],
      format: 'text',
      allowHosts: [server.host],
      stdout: stdout.stream,
      stderr: capture().stream,
    });
    expect(code).toBe(0);
    expect(stdout.text()).toMatch(/^Plain\nSource: http:\/\/127\.0\.0\.1:\d+\/t\n\n/);
    expect(stdout.text()).not.toContain('# ');
  });

  it('prints each result once it and those before it are ready, with only a window of reads under way', async () => {
    const gates = new Map<string, () => void>();
    const started: string[] = [];
    const reader = {
      read: (url: string) => {
        started.push(url);
        return new Promise<Source>((resolve) => {
          gates.set(url, () =>
            resolve({
              url,
              finalUrl: url,
              title: url,
              contentType: 'text/html',
              markdown: `Body of ${url}`,
              text: `Body of ${url}`,
              passages: [],
              contentHash: url,
              fetchedAt: new Date(0).toISOString(),
            } as unknown as Source),
          );
        });
      },
    };
    const inputs = Array.from({ length: 10 }, (_, index) => `https://example.com/${index}`);
    const stdout = capture();
    const stderr = capture();
    const done = runReadCommand({
      inputs,
      format: 'text',
      allowHosts: [],
      concurrency: 2,
      reader,
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    await tick();
    expect(started).toEqual(inputs.slice(0, 2));
    gates.get(inputs[1]!)?.();
    await tick();
    // The second is ready but the first is not: nothing is printed, nothing more is started.
    expect(stdout.text()).toBe('');
    expect(started).toHaveLength(2);
    gates.get(inputs[0]!)?.();
    await tick();
    expect(stdout.text()).toContain('Body of https://example.com/0');
    expect(stdout.text()).toContain('Body of https://example.com/1');
    expect(started).toEqual(inputs.slice(0, 4));
    for (const input of inputs.slice(2)) {
      await tick();
      gates.get(input)?.();
    }
    expect(await done).toBe(0);
    expect(stdout.text().indexOf('example.com/9')).toBeGreaterThan(stdout.text().indexOf('example.com/8'));
  });

  it('warns about a page with no readable text and names a directory as one', async () => {
    directory = await mkdtemp(join(tmpdir(), 'read-command-'));
    await writeFile(join(directory, 'blank.html'), '<html><body><script>render()</script></body></html>');
    const stdout = capture();
    const stderr = capture();
    const code = await runReadCommand({
      inputs: [join(directory, 'blank.html'), directory],
      format: 'text',
      allowHosts: [],
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    expect(code).toBe(1);
    expect(stderr.text()).toContain('blank.html: no readable text was found');
    expect(stderr.text()).toContain(`${directory}: ${directory} is a directory, not a file`);
    expect(stderr.text()).not.toContain('No file at');
  });

  it('shows a byline that says who by as the site states it, without a second "By"', async () => {
    directory = await mkdtemp(join(tmpdir(), 'read-command-'));
    const story = (author: string) =>
      `<html><head><title>Laptop deal</title><meta name="author" content="${author}"></head><body><article><h1>Laptop deal</h1><p>The laptop is on sale this week for much less than its usual price, while supplies last.</p></article></body></html>`;
    await writeFile(join(directory, 'sponsored.html'), story('Sponsored by StackCommerce'));
    await writeFile(join(directory, 'plain.html'), story('Jane Roe'));
    const stdout = capture();
    const code = await runReadCommand({
      inputs: [join(directory, 'sponsored.html'), join(directory, 'plain.html')],
      format: 'text',
      allowHosts: [],
      stdout: stdout.stream,
      stderr: capture().stream,
    });
    expect(code).toBe(0);
    expect(stdout.text()).toContain('\nSponsored by StackCommerce\n');
    expect(stdout.text()).not.toContain('By Sponsored');
    expect(stdout.text()).toContain('\nBy Jane Roe\n');
  });
});

describe('runReadCommand --browser', () => {
  const pages = () => appShellPages({ direct: 'http://10.0.0.1', redirect: 'http://10.0.0.1' });

  it.skipIf(!installedBrowser)(`prints what the app shell's script wrote${needsBrowser}`, async () => {
    server = await startFakePageServer(pages());
    const stdout = capture();
    const stderr = capture();
    const code = await runReadCommand({
      inputs: [`${server.origin}/app`],
      format: 'text',
      allowHosts: [server.host],
      browser: installedBrowser,
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    await closeSharedBrowser();
    expect(code, stderr.text()).toBe(0);
    expect(stdout.text()).toContain(APP_SHELL_FACT);
  });

  it('names --browser when a fetched page has no text without scripts, and not for a local file', async () => {
    directory = await mkdtemp(join(tmpdir(), 'read-command-'));
    const shell = '<html><body><div id="root"></div><script>render()</script></body></html>';
    await writeFile(join(directory, 'shell.html'), shell);
    server = await startFakePageServer({ '/shell': shell });
    const stdout = capture();
    const stderr = capture();
    await runReadCommand({
      inputs: [`${server.origin}/shell`, join(directory, 'shell.html')],
      format: 'text',
      allowHosts: [server.host],
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    const lines = stderr.text().trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`${server.origin}/shell: no readable text was found`);
    expect(lines[0]).toContain('pass --browser');
    expect(lines[1]).toContain('shell.html: no readable text was found');
    expect(lines[1]).not.toContain('--browser');
  });

  it('refuses a --browser path that is no executable before reading anything, naming the path and the fix', async () => {
    server = await startFakePageServer(pages());
    const stdout = capture();
    const stderr = capture();
    const reading = runReadCommand({
      inputs: [`${server.origin}/app`, `${server.origin}/app`],
      format: 'text',
      allowHosts: [server.host],
      browser: '/nonexistent/chrome',
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    await expect(reading).rejects.toMatchObject({
      code: 'browser_unavailable',
      message: expect.stringMatching(/\/nonexistent\/chrome.*give the path of Chromium or Chrome/),
    });
    expect(server.requests).toHaveLength(0);
    expect(stdout.text()).toBe('');
    expect(stderr.text()).toBe('');
  });

  it('reads statically, with a warning on stderr, when the browser found cannot start', async () => {
    directory = await mkdtemp(join(tmpdir(), 'read-command-'));
    // An executable that is no browser: the path passes the check at start, the launch fails.
    const broken = join(directory, 'chrome');
    await writeFile(broken, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    server = await startFakePageServer(pages());
    const stdout = capture();
    const stderr = capture();
    const code = await runReadCommand({
      inputs: [`${server.origin}/app`],
      format: 'text',
      allowHosts: [server.host],
      browser: broken,
      stdout: stdout.stream,
      stderr: stderr.stream,
    });
    expect(code).toBe(0);
    expect(stdout.text()).toContain('Loading');
    expect(stdout.text()).not.toContain(APP_SHELL_FACT);
    expect(stderr.text()).toContain('warning (browser_unavailable)');
  });

  it('refuses an empty or blank argument by name, not as the current folder, and reads the rest', async () => {
    directory = await mkdtemp(join(tmpdir(), 'read-command-'));
    await writeFile(
      join(directory, 'page.html'),
      article('Kept', 'The page after the empty argument is read.'),
    );
    const stdout = capture();
    const stderr = capture();
    const code = await runReadCommand({
      inputs: ['', '  ', join(directory, 'page.html')],
      format: 'text',
      allowHosts: [],
      stdout: stdout.stream,
      stderr: stderr.stream,
      cwd: directory,
    });
    expect(code).toBe(1);
    expect(stderr.text()).toContain('deepresearch read: "": an empty argument names no file or page');
    expect(stderr.text()).toContain('deepresearch read: "  ": an empty argument');
    expect(stderr.text()).toContain('[empty_input]');
    expect(stderr.text()).not.toContain('is a directory');
    expect(stdout.text()).toContain('The page after the empty argument is read.');
  });
});
