import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { promisify } from 'node:util';

/**
 * A Chromium for the headless-browser tests (playwright-core drives it; Playwright's own
 * browser download cannot reach its servers from here, so `npm test` stays the only step):
 *
 * 1. `CHROMIUM_PATH`, when set (it must point at an executable; no fallback, so a typo is seen);
 * 2. Debian's `/usr/bin/chromium`;
 * 3. an installed Chrome or Ubuntu's chromium-browser;
 * 4. none, as root with apt-get (these machines, CI): `apt-get install -y chromium`, once,
 *    saying so; next runs find it at step 2;
 * 5. otherwise an error saying how to install one. Never a silent skip.
 */
export const CHROMIUM_PATH_ENV = 'CHROMIUM_PATH';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/chromium-browser',
];

/** The flags the environment needs: no sandbox as root, no GPU, no network but ours. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const isExecutable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Up to 10 minutes: `apt-get update` plus chromium and its libraries (~100 MB). */
export const INSTALL_TIMEOUT_MS = 600_000;

export async function findChromium(): Promise<string> {
  const fromEnv = process.env[CHROMIUM_PATH_ENV];
  if (fromEnv) {
    if (isExecutable(fromEnv)) return fromEnv;
    throw new Error(`${CHROMIUM_PATH_ENV}=${fromEnv} is not an executable file`);
  }
  const found = CANDIDATES.find(isExecutable);
  if (found) return found;

  if (process.getuid?.() === 0 && isExecutable('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing Debian\'s "chromium" with apt-get (once; a minute or two)…');
    const run = promisify(execFile);
    const options = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, maxBuffer: 64 * 1024 * 1024 };
    // Wait for apt's lock rather than fail: another run (a second test process, a package
    // install) may hold it, and may be installing this very package.
    const wait = ['-o', 'DPkg::Lock::Timeout=300'];
    try {
      await run('apt-get', [...wait, 'update'], options);
      await run('apt-get', [...wait, 'install', '-y', '--no-install-recommends', 'chromium'], options);
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(`apt-get install chromium failed: ${stderr?.trim().split('\n').slice(-5).join('\n') || message}`);
    }
    if (isExecutable('/usr/bin/chromium')) {
      console.log('Installed /usr/bin/chromium.');
      return '/usr/bin/chromium';
    }
    throw new Error('apt-get installed chromium, but /usr/bin/chromium is not there');
  }

  throw new Error(
    'The docs-page test needs Chromium or Chrome, and none was found. Install one ' +
      '(Debian/Ubuntu: `sudo apt-get install -y chromium`; Ubuntu may name it chromium-browser), ' +
      `or set ${CHROMIUM_PATH_ENV} to its executable.`,
  );
}
