import { chromium, type BrowserServer, type LaunchOptions } from 'playwright-core';

/** Debian's Chromium (apt-get install -y chromium); override with CHROMIUM_PATH. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium through playwright-core (never `playwright install`). The host resolver rule
 * keeps the browser off the network: only 127.0.0.1 and localhost resolve.
 */
const LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
  ],
};

/**
 * One Chromium for the whole e2e run (the global setup's): each file connects to it and works in
 * contexts of its own, so no file starts a browser of its own (seventeen launches, one each).
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer(LAUNCH_OPTIONS);
}
