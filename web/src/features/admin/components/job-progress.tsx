import type { Job } from '@khelaghor/contract/schemas/jobs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../../shared/api/client';
import { queryKey } from '../../../shared/api/query-keys';
import { notifyInvalid, notifySuccess } from '../lib/notify';
import { refreshAdmin } from '../api';
import { formatNumberIn } from '../../../shared/i18n/format';
import { currentLocale } from '../../../shared/i18n/i18n';
import { t, useT } from '../messages';

const POLL_MS = 1500;
const count = (n: number) => formatNumberIn(currentLocale(), n);

/** What a background job says while it runs, e.g. 'Deleting ৳150 Card: 12,000 of 21,000 codes'. */
function jobProgressText(job: Job): string {
  const values = { name: job.target.name, done: count(job.done), total: count(job.total) };
  if (job.status === 'running' && job.waiting > 0) {
    return t('jobWaiting', { ...values, waiting: job.waiting, count: count(job.waiting) });
  }
  return t('jobDeleting', values);
}

/**
 * A background delete (202 from DELETE /api/admin/variants/{id}): polls the job, shows a progress
 * bar, and when the job ends toasts the result, refreshes the admin lists and calls `onEnd`.
 */
export function JobProgress({
  initial,
  successText,
  onEnd,
}: {
  initial: Job;
  successText: string;
  onEnd: (job: Job) => void;
}) {
  const queryClient = useQueryClient();
  const tr = useT();
  const job = useQuery({
    queryKey: queryKey('adminGetJob', initial.id),
    queryFn: ({ signal }) => call('adminGetJob', { params: { id: initial.id }, signal }).then((r) => r.job),
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.status === 'running' ? POLL_MS : false),
  }).data;
  const ended = useRef(false);
  useEffect(() => {
    if (job.status === 'running' || ended.current) return;
    ended.current = true;
    if (job.status === 'done') notifySuccess(successText);
    else notifyInvalid(job.error ?? t('jobFailed', { name: job.target.name }));
    void refreshAdmin(queryClient);
    onEnd(job);
  }, [job, successText, onEnd, queryClient]);
  const percent = job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;
  return (
    <div className="space-y-1 rounded-md border p-3" data-testid="job-progress" data-status={job.status}>
      <p className="text-sm" role="status" aria-live="polite">
        {jobProgressText(job)}
      </p>
      <div
        className="h-2 w-full overflow-hidden rounded bg-muted"
        role="progressbar"
        aria-label={tr('deletingName', { name: job.target.name })}
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={job.done}
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
