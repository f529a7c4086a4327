/**
 * Helpers of the playground's end-to-end tests: build the page with Vite, serve the build on a
 * loopback port with node:http, and start Debian's Chromium through playwright-core.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext } from 'playwright-core';

/** The browser the tests drive: Debian's package, never a downloaded one. */
export const CHROMIUM = '/usr/bin/chromium';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Flags for a closed network: without the background-networking ones Chromium keeps trying to
 * reach Google's hosts at every start.
 */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Fails with a message that says how to get the browser, rather than skipping the suite. */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: the playground's browser tests need Debian's chromium. Install it with scripts/ensure-chromium.sh (apt-get install -y chromium).`);
  }
}

/** Builds the playground with Vite into `outDir`. */
export async function buildPlayground(outDir: string): Promise<void> {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  await promisify(execFile)(process.execPath, [vite, 'build', 'docs/playground', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT });
}

/** Serves the files of `dir` on 127.0.0.1 at a free port; resolves to the server and its base URL. */
export async function serveStatic(dir: string): Promise<{ server: Server; url: string }> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(root + sep)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end('not found'),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the static server has no port');
  return { server, url: `http://127.0.0.1:${address.port}/` };
}

/** Starts headless Chromium with a fresh profile folder; downloads are accepted. */
export async function launchChromium(): Promise<BrowserContext> {
  const profile = await mkdtemp(join(tmpdir(), 'dnup-e2e-profile-'));
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    acceptDownloads: true,
    viewport: { width: 1280, height: 900 },
  });
}
