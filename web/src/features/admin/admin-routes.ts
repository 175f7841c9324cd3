import { adminRoutePaths } from 'virtual:route-paths/admin';
import { addRoutePaths } from '../../shared/api/client';

// The admin's routes (methods and paths) come with the admin's chunk, not with every customer's
// first download; each admin entry page imports this module first.
addRoutePaths(adminRoutePaths);
