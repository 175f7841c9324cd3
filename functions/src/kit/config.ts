import * as z from 'zod';

/**
 * Environment of every Lambda (and of the local server, which sets the same variables). Read and
 * checked once per cold start; a missing variable fails the cold start with a clear message.
 */
const Env = z.object({
  TABLE_NAME: z.string().min(1),
  AWS_REGION: z.string().default('ap-southeast-1'),
  /** Set locally to DynamoDB Local's URL; unset on AWS. */
  DYNAMODB_ENDPOINT: z.url().optional(),
  USER_POOL_ID: z.string().min(1).optional(),
  /** Set locally to cognito-local's URL; unset on AWS. */
  COGNITO_ENDPOINT: z.url().optional(),
  /** Public origin of the shop (gateway redirect and webhook URLs are built from it). */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Gateway base URL used until an admin saves one in API Setup. */
  GATEWAY_BASE_URL: z.url().optional(),
  /** Gateway API key used until an admin saves one in API Setup. */
  GATEWAY_API_KEY: z.string().optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});
export type Config = z.infer<typeof Env>;

let cached: Config | undefined;

export function config(): Config {
  if (!cached) {
    const parsed = Env.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
      throw new Error(`Invalid environment: ${problems}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** Tests and the local server change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}
