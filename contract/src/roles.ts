/**
 * The Cognito group that makes a user an admin (with the role record the API checks on every
 * admin request). Zod-free, so the SPA, the handlers, the CDK stack and the local stack share it.
 */
export const ADMIN_GROUP = 'admin';
