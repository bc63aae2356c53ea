import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { APP_SHELL_FACT, appShellPages } from '../../testing/app-shell-pages.js';
import { type FakePageServer, startFakePageServer } from '../../testing/fake-page-server.js';
import { installedBrowser, needsBrowser } from '../../testing/vitest/browser.js';
import { createReader } from '../create-reader.js';
import type { PageScreenshot } from '../types.js';
import { closeSharedBrowser, createBrowserRenderer } from './index.js';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];

let pages: FakePageServer | undefined;
let secret: FakePageServer | undefined;
afterEach(async () => {
  await pages?.close();
  await secret?.close();
  pages = secret = undefined;
});
afterAll(() => closeSharedBrowser());

/** The page server, and a second loopback server the pages must never reach (it is not allowed). */
async function world() {
  secret = await startFakePageServer({ '/secret': 'secret', '/image.png': 'x', '/after-redirect': 'secret' });
  pages = await startFakePageServer(appShellPages({ direct: secret.origin, redirect: secret.origin }));
  return { pages, secret };
}

function browserReader(host: string, extra: Parameters<typeof createReader>[0] = {}) {
  const rules = { allowHosts: [host] };
  return createReader({
    ...rules,
    browser: createBrowserRenderer({ executable: installedBrowser ?? 'auto', rules }),
    ...extra,
  });
}

describe.skipIf(!installedBrowser)(`the reader with a browser${needsBrowser}`, () => {
  it('reads an app shell only through the browser, and screenshots it as a PNG', async () => {
    const { pages } = await world();
    const plain = await createReader({ allowHosts: [pages.host] }).read(`${pages.origin}/app`);
    expect(plain.text).not.toContain(APP_SHELL_FACT);
    expect(plain.browser).toBeUndefined();
    const fetchesBefore = pages.requests.filter((request) => request.path === '/app').length;

    const screenshots: PageScreenshot[] = [];
    const reader = browserReader(pages.host, { onScreenshot: (shot) => screenshots.push(shot) });
    const source = await reader.read(`${pages.origin}/app`);
    expect(source.text).toContain(APP_SHELL_FACT);
    expect(source.title).toBe('The Harbor Lighthouse');
    expect(source.browser).toEqual({ rendered: true, blocked: [], screenshot: true });
    expect(screenshots.map((shot) => shot.url)).toEqual([`${pages.origin}/app`]);
    expect([...screenshots[0]!.png.subarray(0, 4)]).toEqual(PNG_MAGIC);
    // The browser got the page from the reader: the server saw one request for it.
    expect(pages.requests.filter((request) => request.path === '/app')).toHaveLength(fetchesBefore + 1);

    const cached = await reader.read(`${pages.origin}/app`);
    expect(cached.browser?.screenshot).toBe(false);
    expect(screenshots).toHaveLength(1);
  });

  it('keeps the static text of a page that has content, and still screenshots it', async () => {
    const { pages } = await world();
    const plain = await createReader({ allowHosts: [pages.host] }).read(`${pages.origin}/static`);
    const screenshots: PageScreenshot[] = [];
    const source = await browserReader(pages.host, { onScreenshot: (shot) => screenshots.push(shot) }).read(
      `${pages.origin}/static`,
    );
    expect(source.text).toBe(plain.text);
    expect(source.browser).toEqual({ rendered: false, blocked: [], screenshot: true });
    expect(screenshots).toHaveLength(1);
    // Without a screenshot to take, a page with content never goes to the browser.
    const quiet = await browserReader(pages.host).read(`${pages.origin}/static`);
    expect(quiet.browser).toBeUndefined();
  });

  it('never lets a page reach a private address: images, frames, fetch, redirects and sockets are refused', async () => {
    const { pages, secret } = await world();
    const source = await browserReader(pages.host).read(`${pages.origin}/hostile`);
    expect(source.text).toContain(APP_SHELL_FACT);
    expect(secret.requests).toEqual([]);
    const blocked = source.browser?.blocked ?? [];
    const refused = (prefix: string) => blocked.filter((entry) => entry.url.startsWith(prefix));
    expect(refused('http://169.254.169.254/')[0]?.code).toBe('blocked_address');
    expect(refused('http://10.0.0.7/')[0]?.code).toBe('blocked_address');
    expect(refused(`${secret.origin}/secret`)[0]?.code).toBe('blocked_address');
    expect(refused(`${secret.origin}/image.png`)[0]?.code).toBe('blocked_address');
    // The redirect is followed by the reader, which refuses where it leads and names where it came from.
    const bounce = refused(`${pages.origin}/bounce`)[0];
    expect(bounce?.code).toBe('blocked_address');
    expect(bounce?.message).toContain('redirected from');
    expect(refused('ws://10.0.0.8/')[0]?.code).toBe('websocket_refused');
  });
});

describe.skipIf(!installedBrowser)(`a page that navigates away${needsBrowser}`, () => {
  /** App shells (a line of text) that leave for an address the reader refuses, three ways. */
  const leaving = (target: string) => {
    const shell = (head: string, body: string) =>
      `<!doctype html><html lang="en"><head><title>Leaving</title>${head}</head><body><p>The harbour guide, loading.</p>${body}</body></html>`;
    return {
      '/by-script': shell('', `<script>location.href = '${target}/secret';</script>`),
      '/by-refresh': shell(`<meta http-equiv="refresh" content="0; url=${target}/secret">`, ''),
      '/by-form': shell(
        '',
        `<form method="post" action="${target}/secret"></form><script>document.forms[0].submit();</script>`,
      ),
      // Even to an address the reader may read: what it would show is another page, not this one.
      '/to-elsewhere': shell('', `<script>location.href = '/elsewhere';</script>`),
      '/elsewhere': `<!doctype html><html><head><title>Elsewhere</title></head><body><article><p>${'Another page entirely. '.repeat(30)}</p></article></body></html>`,
    };
  };

  it.each(['/by-script', '/by-refresh', '/by-form', '/to-elsewhere'])(
    'keeps the page read at its address, not the browser error page, when it leaves %s',
    async (path) => {
      secret = await startFakePageServer({ '/secret': 'secret' });
      pages = await startFakePageServer(leaving(secret.origin));
      const plain = await createReader({ allowHosts: [pages.host] }).read(`${pages.origin}${path}`);
      const source = await browserReader(pages.host).read(`${pages.origin}${path}`);
      expect(source.text).toBe(plain.text);
      expect(source.text).not.toMatch(/blocked|ERR_|refused to connect|This site can/i);
      expect(source.title).toBe('Leaving');
      expect(secret.requests).toEqual([]);
      expect(source.browser?.blocked.map((entry) => entry.code)).toContain('navigation_refused');
    },
  );
});

describe.skipIf(!installedBrowser)(`the browser's bounds${needsBrowser}`, () => {
  it('gives up on a page whose script never ends, says so, and keeps the static read', async () => {
    pages = await startFakePageServer({
      '/spin':
        '<!doctype html><html><head><title>Spin</title></head><body><div id="root"></div><script>for (;;) {}</script></body></html>',
    });
    const warnings: string[] = [];
    const rules = { allowHosts: [pages.host] };
    const reader = createReader({
      ...rules,
      browser: createBrowserRenderer({ executable: installedBrowser ?? 'auto', rules, timeoutMs: 1_500 }),
      onWarning: (code) => warnings.push(code),
    });
    const source = await reader.read(`${pages.origin}/spin`);
    expect(source.title).toBe('Spin');
    expect(source.browser).toBeUndefined();
    expect(warnings).toEqual(['timeout']);
    // The browser is still there for the next page.
    secret = await startFakePageServer(
      appShellPages({ direct: 'http://10.0.0.1', redirect: 'http://10.0.0.1' }),
    );
    const next = await browserReader(secret.host).read(`${secret.origin}/app`);
    expect(next.text).toContain(APP_SHELL_FACT);
  });

  it('refuses a private address asked for directly before any browser is involved', async () => {
    const screenshots: PageScreenshot[] = [];
    const reader = createReader({
      browser: createBrowserRenderer({ executable: installedBrowser ?? 'auto' }),
      onScreenshot: (shot) => screenshots.push(shot),
    });
    await expect(reader.read('http://169.254.169.254/latest/meta-data/')).rejects.toMatchObject({
      code: 'blocked_address',
    });
    expect(screenshots).toEqual([]);
  });
});

describe('the reader when the browser is missing', () => {
  it('reads statically and says once why the browser was not used', async () => {
    const { pages } = await world();
    const warnings: { code: string; message: string }[] = [];
    const reader = createReader({
      allowHosts: [pages.host],
      browser: createBrowserRenderer({ executable: '/nonexistent/chromium' }),
      onWarning: (code, message) => warnings.push({ code, message }),
    });
    const source = await reader.read(`${pages.origin}/app`);
    await reader.read(`${pages.origin}/static`);
    expect(source.text).toContain('Loading');
    expect(source.browser).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.code).toBe('browser_unavailable');
    expect(warnings[0]?.message).toContain('/nonexistent/chromium');
  });
});
