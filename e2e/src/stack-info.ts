import type { StackEndpoints } from '../../local/src/stack';

/** What the e2e global setup provides to every test file: `inject('stack')`. */
export interface StackInfo extends StackEndpoints {
  apiUrl: string;
  /** The local callback receiver (a reseller's server): its page, and the calls at <callbacksUrl>/_/calls. */
  callbacksUrl: string;
  /** The shop phone page (local/src/sandbox-shop-phone/): POST <shopPhoneUrl>/send sends a payment SMS to the shop, signed. */
  shopPhoneUrl: string;
  /** The SMS sink's page (every SMS the shop sent); JSON at <smsUrl>/api/messages?to=01XXXXXXXXX. */
  smsUrl: string;
  /** The UniPin sandbox (local/src/sandbox-unipin/): its control API at <unipinUrl>/_sandbox/. */
  unipinUrl: string;
  /** Where tests put screenshots and other artifacts (.e2e-artifacts/). */
  artifactsDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
    /** The run's Chromium (e2e/src/browser.ts): each file connects to it. */
    browserEndpoint: string;
  }
}
