import { join } from 'node:path';
import { otpauthUri, readDemoAdminTotp, totpCode, totpSecondsLeft } from './admin-mfa';
import { repoRoot } from './stack';

/**
 * `npm run admin:code`: the demo admin's current authenticator code (the local stack, like AWS,
 * asks admins for one at sign-in), and the setup key and otpauth:// URI to add the same account
 * to an authenticator app on a phone instead. Reads .data/demo-admin-totp.json (written by npm start).
 */
const saved = readDemoAdminTotp(join(repoRoot, '.data'));
if (!saved) {
  console.error('No demo admin authenticator found (.data/demo-admin-totp.json): run npm start first.');
  process.exit(1);
}
const left = totpSecondsLeft();
console.log(
  [
    '',
    `  ${totpCode(saved.secret)}   code for ${saved.email} (valid ${left}s more; next ${totpCode(saved.secret, new Date(Date.now() + left * 1000))})`,
    '',
    `  Setup key    ${saved.secret}`,
    `  otpauth URI  ${otpauthUri(saved.secret, saved.email)}`,
    '',
  ].join('\n'),
);
