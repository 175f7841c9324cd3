import { useFormat } from '../../../shared/i18n/format';
import type { ResellerAccount } from '../api';
import { useT } from '../messages';

/** What the reseller pays per package (the server's price list), beside the shop's price and the stock. */
export function PriceList({ rows }: { rows: ResellerAccount['prices'] }) {
  const tr = useT();
  const { money, number } = useFormat();
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{tr('noPackages')}</p>;
  return (
    <div className="max-h-96 overflow-auto rounded-md border">
      <table className="w-full text-left text-sm [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5">
        <thead className="sticky top-0 bg-muted text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col">{tr('package')}</th>
            <th scope="col" className="text-right">
              {tr('shop')}
            </th>
            <th scope="col" className="text-right">
              {tr('yourPrice')}
            </th>
            <th scope="col" className="text-right">
              {tr('stock')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.variant_id} className="border-t" data-testid="reseller-price-row">
              <td>
                <div>{r.variant_name}</div>
                <div className="text-xs text-muted-foreground">{r.product_name}</div>
                <div className="break-all font-mono text-[10px] text-muted-foreground">{r.variant_id}</div>
              </td>
              <td className="text-right text-muted-foreground">{money(r.list_price)}</td>
              <td className="text-right font-semibold text-primary">{money(r.price)}</td>
              <td className="text-right">{number(r.stock)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
