import { adminDeleteVariant as route } from '@khelaghor/contract/routes/admin-catalog';
import { deleteVariant } from '../../use-cases/jobs/delete-variant-job';
import { jobDeps } from '../../use-cases/jobs/deps';
import { jobView } from '../../db/jobs/job-item';
import { jobKicker } from '../../use-cases/jobs/kick-job';
import { defineAdminHandler } from '../../kit/admin-handler';
import { Reply } from '../../kit/handler';

/** A variant with few codes is gone before the answer (200); otherwise 202 with the job to poll. */
export const handler = defineAdminHandler(route, async (req) => {
  const deps = jobDeps(req.log);
  const { job, finished } = await deleteVariant({ ...deps, kick: jobKicker(deps) }, req.params.id);
  if (finished) return { message: 'Variant deleted successfully' };
  return new Reply(202, { message: 'Deleting the variant in the background', job: jobView(job) });
});
