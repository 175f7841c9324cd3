import { RemovalPolicy } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/**
 * The key that signs page cursors (functions/src/db/page-cursor.ts), generated once by Secrets
 * Manager: nobody types it, it is in no file, and it stays the same across deploys (a new key only
 * makes open lists ask for a reload). It reaches the Lambdas that page a list as CURSOR_SECRET
 * through a CloudFormation dynamic reference, resolved at deploy time: the template holds only the
 * reference, and the functions need no Secrets Manager call (and no extra cold-start latency).
 */
export function createCursorSecret(scope: Construct): string {
  const secret = new Secret(scope, 'CursorSecret', {
    description: 'Khelaghor: HMAC-SHA256 key of the page cursors (CURSOR_SECRET)',
    generateSecretString: { passwordLength: 64, excludePunctuation: true },
    // Deleting the stack must not leave a billed secret behind; a new stack makes a new key.
    removalPolicy: RemovalPolicy.DESTROY,
  });
  return secret.secretValue.unsafeUnwrap();
}
