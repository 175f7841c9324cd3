import { Badge } from '../../../shared/ui/badge';
import { useFormat } from '../../../shared/i18n/format';
import { diffLines, type AuditCall, type AuditEntry } from './audit-data';
import { useT } from './messages';

type Change = AuditEntry['changes'][number];

/** A stored value as text: strings as they are, nested values as indented JSON, absent as '—'. */
function Value({ value }: { value: unknown }) {
  if (value === undefined) return <span className="text-muted-foreground">—</span>;
  if (value !== null && typeof value === 'object')
    return (
      <pre className="max-h-48 max-w-md overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-1 text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    );
  return <span className="break-all">{typeof value === 'string' ? value : JSON.stringify(value)}</span>;
}

function ChangeItem({ change }: { change: Change }) {
  const tr = useT();
  const lines = diffLines(change);
  return (
    <li className="rounded-md border p-2" data-testid="audit-change">
      <p className="flex flex-wrap items-center gap-2">
        <Badge variant={change.op === 'delete' ? 'destructive' : 'outline'}>{tr(`op_${change.op}`)}</Badge>
        <span className="break-all font-mono text-xs">
          {change.pk} / {change.sk}
        </span>
      </p>
      {change.op === 'check' ? null : lines.length === 0 ? (
        <p className="mt-1 text-xs text-muted-foreground">{tr('noFieldChanged')}</p>
      ) : (
        <table className="mt-2 w-full text-left text-xs [&_td]:px-2 [&_td]:py-1 [&_td]:align-top [&_th]:px-2">
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col">{tr('field')}</th>
              <th scope="col">{tr('before')}</th>
              <th scope="col">{tr('after')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.key} className="border-t" data-testid="audit-diff">
                <th scope="row" className="font-mono font-normal">
                  {line.key}
                </th>
                <td>
                  <Value value={line.before} />
                </td>
                <td>
                  {line.removed ? (
                    <span className="italic text-destructive">{tr('removed')}</span>
                  ) : (
                    <Value value={line.after} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}

/**
 * An admin call opened: what the admin sent (secrets masked by the server), then each write's
 * changes, attribute by attribute (before → after, or removed).
 */
export function AuditDetails({ call }: { call: AuditCall }) {
  const tr = useT();
  const { number } = useFormat();
  const { request } = call.first;
  return (
    <div className="grid gap-3 py-1">
      <section>
        <h3 className="text-xs font-semibold uppercase text-muted-foreground">{tr('requestSent')}</h3>
        {request === undefined || request === null ? (
          <p className="text-sm text-muted-foreground">{tr('nothingSent')}</p>
        ) : (
          <pre
            className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs"
            data-testid="audit-request"
          >
            {JSON.stringify(request, null, 2)}
          </pre>
        )}
      </section>
      {call.entries.map((entry) => (
        <section key={entry.id} data-testid="audit-write">
          <h3 className="text-xs font-semibold uppercase text-muted-foreground">
            {tr('write', { seq: number(entry.seq) })}
          </h3>
          <ul className="mt-1 grid gap-2">
            {entry.changes.map((change, i) => (
              <ChangeItem key={`${change.pk}|${change.sk}|${i}`} change={change} />
            ))}
          </ul>
          {entry.more_changes > 0 && (
            <p className="mt-1 text-xs text-muted-foreground">
              {tr('moreChanges', { count: number(entry.more_changes) })}
            </p>
          )}
        </section>
      ))}
    </div>
  );
}
