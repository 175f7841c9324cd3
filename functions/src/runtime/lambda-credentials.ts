import { fromEnv, type FromEnvInit } from '@aws-sdk/credential-provider-env';

/**
 * Stands in for `@aws-sdk/credential-provider-node` in the Lambda bundles only (an esbuild alias,
 * infra/src/lambda-bundling.ts); the local stack and the tests import the handlers unbundled and
 * keep the SDK's whole chain. Lambda puts the execution role's credentials in the environment
 * before the handler loads, and the chain tries the environment first, so on Lambda the answer
 * is the same; the other links of the chain (SSO, INI files, STS web identity, processes, ECS and
 * EC2 metadata) are ~135 KB of every bundle that a Lambda never runs.
 */
export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);
