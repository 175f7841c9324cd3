import { Trans } from '../../../shared/i18n/trans';
import { id, useT } from '../messages';

const code = (text: string) => <code className="font-mono">{text}</code>;

/** The signing rule in short; the whole guide with a curl example is docs/reseller-api.md. */
export function HowToSign() {
  const tr = useT();
  return (
    <div className="space-y-2 text-sm">
      <p>
        <Trans
          id={id('signIntro')}
          values={{
            path: code('/api/reseller/v1/…'),
            keyId: code('X-Key-Id'),
            timestamp: code('X-Timestamp'),
            nonce: code('X-Nonce'),
            signature: code('X-Signature'),
            newline: code('\\n'),
          }}
        />
      </p>
      <pre className="overflow-x-auto rounded-md bg-muted p-2 font-mono text-xs">
        {['METHOD', 'PATH_WITH_QUERY', 'TIMESTAMP', 'NONCE', 'hex(SHA256(raw body))'].join('\n')}
      </pre>
      <p>
        <Trans id={id('signOrders')} values={{ idempotency: code('Idempotency-Key') }} />{' '}
        <a className="text-primary underline" href="/api/openapi.json" target="_blank" rel="noreferrer">
          {tr('apiReference')}
        </a>
      </p>
    </div>
  );
}
