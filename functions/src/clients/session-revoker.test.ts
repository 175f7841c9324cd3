import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '../runtime/config';
import { sessionRevoker } from './session-revoker';

// Cognito faked at the SDK client: the command the revoker sends, and to which pool.
const sent: Array<{ command: string; input: unknown }> = [];
vi.mock('@aws-sdk/client-cognito-identity-provider', () => ({
  CognitoIdentityProviderClient: class {
    send(command: { constructor: { name: string }; input: unknown }) {
      sent.push({ command: command.constructor.name, input: command.input });
      return Promise.resolve({});
    }
  },
  AdminUserGlobalSignOutCommand: class AdminUserGlobalSignOutCommand {
    constructor(readonly input: unknown) {}
  },
}));

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetConfig();
  sent.length = 0;
});

describe('signing an admin out everywhere', () => {
  it("calls Cognito's AdminUserGlobalSignOut for the pool user (AWS)", async () => {
    process.env = { ...saved, TABLE_NAME: 't', USER_POOL_ID: 'ap-southeast-1_abc' };
    delete process.env.COGNITO_ENDPOINT;
    resetConfig();
    expect(await sessionRevoker().signOutEverywhere('sub-1')).toBe('signed_out');
    expect(sent).toEqual([
      {
        command: 'AdminUserGlobalSignOutCommand',
        input: { UserPoolId: 'ap-southeast-1_abc', Username: 'sub-1' },
      },
    ]);
  });

  it('calls nothing against cognito-local, which has no such operation, and says so', async () => {
    process.env = {
      ...saved,
      TABLE_NAME: 't',
      USER_POOL_ID: 'local_pool',
      COGNITO_ENDPOINT: 'http://127.0.0.1:9229',
    };
    resetConfig();
    expect(await sessionRevoker().signOutEverywhere('sub-1')).toBe('unsupported');
    expect(sent).toEqual([]);
  });
});
