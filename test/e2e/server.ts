/**
 * Helpers of the playground's end-to-end tests: find a Chromium, build the page with Vite, serve
 * the build on a loopback port with node:http, and start the browser through playwright-core.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { delimiter, extname, join, normalize, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '../..');

/** Environment variables that may name the browser, first match wins. */
const BROWSER_ENV = ['DNUP_CHROMIUM', 'CHROME_PATH'] as const;

/** Where Chromium or Chrome usually lives, on Linux distributions and macOS. */
const USUAL_PLACES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/usr/lib/chromium/chromium',
  '/usr/lib64/chromium-browser/chromium-browser',
  '/snap/bin/chromium',
  '/opt/google/chrome/chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];
const NAMES_ON_PATH = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The browser to drive: an environment variable, then the usual places, then the PATH; null if none. */
export function findChromium(
  env: NodeJS.ProcessEnv = process.env,
  places: readonly string[] = USUAL_PLACES,
): string | null {
  for (const name of BROWSER_ENV) {
    const path = env[name];
    if (path) return path; // named on purpose: used as given, so a wrong path fails loudly
  }
  for (const path of places) if (isExecutable(path)) return path;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    for (const name of NAMES_ON_PATH) if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The one line printed when the browser tests are skipped. */
export const HOW_TO_ENABLE = `no Chromium found: set ${BROWSER_ENV.join(' or ')} to a Chromium or Chrome binary (or install one, e.g. bash scripts/ensure-chromium.sh) to run the playground's browser tests`;

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

/** Where the end-to-end run built the playground once for all its files (global-setup.ts). */
export const PLAY_BUILD_ENV = 'DNUP_PLAY_BUILD';

/**
 * The playground built into `outDir`: a copy of the one build of this end-to-end run when there
 * is one (each test serves its own folder, so files it writes stay its own), else built now.
 */
export async function buildPlayground(outDir: string): Promise<void> {
  const built = process.env[PLAY_BUILD_ENV];
  if (built) {
    await rm(outDir, { recursive: true, force: true });
    await cp(built, outDir, { recursive: true });
    return;
  }
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  await promisify(execFile)(
    process.execPath,
    [vite, 'build', 'apps/play', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: ROOT },
  );
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
export async function launchChromium(executablePath: string): Promise<BrowserContext> {
  const profile = await mkdtemp(join(tmpdir(), 'dnup-e2e-profile-'));
  return chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: FLAGS,
    acceptDownloads: true,
    viewport: { width: 1280, height: 800 },
  });
}

/** Starts headless Chromium for several contexts (people who share no storage). */
export async function launchBrowser(executablePath: string): Promise<Browser> {
  return chromium.launch({ executablePath, headless: true, args: FLAGS });
}
