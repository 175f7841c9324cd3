import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { useFormat } from '../../../shared/i18n/format';
import type { AuditCall } from './audit-data';
import { AuditDetails } from './audit-details';
import { useT } from './messages';

/** The table's columns (audit.tsx): the details toggle, then when, who, what, the request, the IP. */
const AUDIT_COLUMNS = 6;

/** One admin call: a row (time, admin, action, request, IP) and, opened, its details below it. */
export function AuditCallRow({ call }: { call: AuditCall }) {
  const tr = useT();
  const { date, number } = useFormat();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const e = call.first;
  return (
    <>
      <tr className="border-t align-top" data-testid="audit-call" data-call-id={call.call_id}>
        <td>
          <Button
            variant="ghost"
            size="icon"
            aria-expanded={open}
            aria-controls={open ? detailsId : undefined}
            aria-label={open ? tr('hideDetails') : tr('showDetails')}
            onClick={() => setOpen(!open)}
          >
            {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
          </Button>
        </td>
        <td className="whitespace-nowrap" title={e.at}>
          {date(e.at)}
        </td>
        <td className="break-all">
          {e.actor_email || e.actor_id}
          {e.actor_email && (
            <span className="block font-mono text-xs text-muted-foreground">{e.actor_id}</span>
          )}
        </td>
        <td>
          {e.summary}
          <span className="block font-mono text-xs text-muted-foreground">{e.action}</span>
          {call.entries.length > 1 && (
            <Badge variant="secondary" className="mt-1">
              {tr('writes', { count: number(call.entries.length) })}
            </Badge>
          )}
        </td>
        <td className="break-all font-mono text-xs">
          {e.method} {e.path}
        </td>
        <td className="font-mono text-xs">{e.ip}</td>
      </tr>
      {open && (
        <tr id={detailsId} data-testid="audit-details" className="bg-muted/30">
          <td colSpan={AUDIT_COLUMNS}>
            <AuditDetails call={call} />
          </td>
        </tr>
      )}
    </>
  );
}
