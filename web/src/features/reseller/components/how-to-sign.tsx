/** The signing rule in short; the whole guide with a curl example is docs/reseller-api.md. */
export function HowToSign() {
  return (
    <div className="space-y-2 text-sm">
      <p>
        Call <code className="font-mono">/api/reseller/v1/…</code> (catalog, balance, orders) with four headers:{' '}
        <code className="font-mono">X-Key-Id</code>, <code className="font-mono">X-Timestamp</code> (unix seconds, within 5
        minutes), <code className="font-mono">X-Nonce</code> (16-64 characters, new each time) and{' '}
        <code className="font-mono">X-Signature</code>: the lowercase hex HMAC-SHA256, with your secret, of these
        lines joined by <code className="font-mono">\n</code>:
      </p>
      <pre className="overflow-x-auto rounded-md bg-muted p-2 font-mono text-xs">
        {['METHOD', 'PATH_WITH_QUERY', 'TIMESTAMP', 'NONCE', 'hex(SHA256(raw body))'].join('\n')}
      </pre>
      <p>
        Orders need an <code className="font-mono">Idempotency-Key</code> header. Callbacks to your URL are signed the same
        way with the key that placed the order.{' '}
        <a className="text-primary underline" href="/api/openapi.json" target="_blank" rel="noreferrer">
          API reference (OpenAPI)
        </a>
      </p>
    </div>
  );
}
