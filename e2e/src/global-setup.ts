import type { TestProject } from 'vitest/node';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startStack } from '../../local/src/stack';
import { launchBrowserServer } from './chromium';
import type { StackInfo } from './stack-info';

/**
 * Global setup of the e2e project: the whole local stack on a fresh temporary data dir with free
 * ports (seeded catalogue + demo admin), shared by every e2e file through `inject('stack')`.
 * Set E2E_KEEP_DATA=1 to keep the data dir for a look afterwards.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'khelaghor-e2e-'));
  const artifactsDir = join(repoRoot, '.e2e-artifacts');
  mkdirSync(artifactsDir, { recursive: true });
  // The edge's header allow-list and origin secret apply; its cache of public reads does not: the
  // tests read right after an admin's change what CloudFront may serve up to 60 s old (a shop page).
  // The minute's jobs every 10 s: a page waiting on a sweep (a top-up asked again) shows it sooner.
  const stack = await startStack({
    dataDir,
    quiet: true,
    edgeCache: false,
    dynamodbInMemory: true,
    scheduleSpeedup: 6,
  });
  const info: StackInfo = {
    url: stack.url,
    apiUrl: stack.apiUrl,
    cognitoUrl: stack.cognitoUrl,
    gatewayUrl: stack.gatewayUrl,
    inboxUrl: stack.inboxUrl,
    smsUrl: stack.smsUrl,
    callbacksUrl: stack.callbackReceiver.url,
    shopPhoneUrl: stack.shopPhone.url,
    unipinUrl: stack.unipin.url,
    dynamodbEndpoint: stack.dynamodbEndpoint,
    tableName: stack.tableName,
    userPoolId: stack.userPoolId,
    clientId: stack.clientId,
    admin: stack.admin,
    artifactsDir,
  };
  project.provide('stack', info);
  const browser = await launchBrowserServer();
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await stack.stop();
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
