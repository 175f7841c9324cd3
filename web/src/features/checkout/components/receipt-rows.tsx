/** A receipt's term/value rows. */
export function ReceiptRows({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="space-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex justify-between gap-3">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="break-all text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
