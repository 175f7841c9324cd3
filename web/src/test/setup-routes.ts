import { adminRoutePaths } from 'virtual:route-paths/admin';
import { addRoutePaths } from '../shared/api/client';

// Component tests render admin sections without the admin's entry page, which adds these in the app.
addRoutePaths(adminRoutePaths);
