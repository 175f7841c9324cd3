import { adminGetJob as route } from '@khelaghor/contract/routes/admin-catalog';
import { db } from '../../db/client';
import { getJob, jobView } from '../../db/jobs/job-item';
import { defineAdminReadHandler } from '../../kit/admin-read-handler';
import { notFound } from '../../domain/refusals';

export const handler = defineAdminReadHandler(route, async (req) => {
  const job = await getJob(db(), req.params.id);
  if (!job) throw notFound('Job not found');
  return { job: jobView(job) };
});
