/** What the e2e global setup provides to every test file: `inject('stack')`. */
export interface StackInfo {
  /** The shop's origin (SPA + /api + /config.json), e.g. http://localhost:41234 */
  url: string;
  apiUrl: string;
  cognitoUrl: string;
  gatewayUrl: string;
  dynamodbEndpoint: string;
  tableName: string;
  userPoolId: string;
  clientId: string;
  /** The seeded demo admin. */
  admin: { email: string; password: string };
  /** Where tests put screenshots and other artifacts (.e2e-artifacts/). */
  artifactsDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
