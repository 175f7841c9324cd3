import { adminDeleteProduct as route } from '@khelaghor/contract/routes/admin-catalog';
import { deleteProduct } from '../../use-cases/catalog/products';
import { jobDeps } from '../../use-cases/jobs/deps';
import { jobKicker } from '../../use-cases/jobs/kick-job';
import { defineAdminHandler } from '../../kit/admin-handler';

export const handler = defineAdminHandler(route, async (req) => {
  const deps = jobDeps(req.log);
  await deleteProduct({ ...deps, kick: jobKicker(deps) }, req.params.id);
  return { message: 'Product deleted successfully' };
});
