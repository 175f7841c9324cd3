/**
 * cognito-local does not implement GetTokensFromRefreshToken, which amplify's default refresher
 * uses; it does implement InitiateAuth REFRESH_TOKEN_AUTH. With the USER_PASSWORD_AUTH flow (local
 * stack) we refresh through that call instead (DESIGN 10). On AWS amplify's default stays.
 */
export interface JwtLike {
  payload: Record<string, unknown> & { iat?: number; exp?: number };
  toString(): string;
}

function decodeJwt(token: string): JwtLike {
  const part = token.split('.')[1] ?? '';
  const base64 = part
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(part.length / 4) * 4, '=');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const payload = JSON.parse(new TextDecoder().decode(bytes)) as JwtLike['payload'];
  return { payload, toString: () => token };
}

interface RefreshInput {
  tokens: { refreshToken?: string; username: string };
  authConfig?: { Cognito?: { userPoolEndpoint?: string; userPoolClientId?: string } };
  username: string;
}

export async function refreshWithInitiateAuth({ tokens, authConfig, username }: RefreshInput) {
  const cognito = authConfig?.Cognito;
  if (!cognito?.userPoolEndpoint || !cognito.userPoolClientId || !tokens.refreshToken) {
    throw new Error('Cannot refresh the session');
  }
  const res = await fetch(cognito.userPoolEndpoint, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    },
    body: JSON.stringify({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: cognito.userPoolClientId,
      AuthParameters: { REFRESH_TOKEN: tokens.refreshToken },
    }),
  });
  if (!res.ok) throw new Error(`Session refresh failed (${res.status})`);
  const body = (await res.json()) as {
    AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string };
  };
  const result = body.AuthenticationResult;
  if (!result?.AccessToken) throw new Error('Session refresh failed');
  const accessToken = decodeJwt(result.AccessToken);
  const iat = accessToken.payload.iat ?? Math.floor(Date.now() / 1000);
  return {
    accessToken,
    idToken: result.IdToken ? decodeJwt(result.IdToken) : undefined,
    clockDrift: iat * 1000 - Date.now(),
    refreshToken: result.RefreshToken ?? tokens.refreshToken,
    username,
  };
}
