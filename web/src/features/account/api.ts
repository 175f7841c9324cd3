import type { QueryClient } from '@tanstack/react-query';
import { invalidateRoutes } from '../../shared/api/query-keys';

/**
 * The account's routes. Signing in and up go to Cognito (shared/auth); the profile is GET /api/me
 * (shared/api/site.ts useMe, as the header shows the balance on every page). After a sign-in the
 * profile is read again.
 */
export const refreshMe = (client: QueryClient) => invalidateRoutes(client, 'getMe');
