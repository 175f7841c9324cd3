import type { RouteResponse } from '@khelaghor/contract/route-def';
import type { Routes } from '@khelaghor/contract/routes/index';
import { useFormat } from '../../../shared/i18n/format';
import { intlLocale } from '../../../shared/i18n/locale';
import { useT } from '../messages';

/** One day of GET /api/admin/stats' sales_per_day. */
export type DaySales = RouteResponse<Routes['adminStats']>['sales_per_day'][number];

/** Sales per day as hand-drawn SVG bars (no chart library in the admin chunk). */
export function SalesChart({ days }: { days: DaySales[] }) {
  const tr = useT();
  const { money, locale } = useFormat();
  // The day of the month under each bar, two digits in the page's digits (05 / ০৫).
  const day = (date: string) =>
    Number(date.slice(8, 10)).toLocaleString(intlLocale(locale), { minimumIntegerDigits: 2 });
  const width = 700;
  const height = 220;
  const padBottom = 28;
  const padTop = 16;
  const max = Math.max(1, ...days.map((d) => d.total));
  const slot = width / Math.max(days.length, 1);
  const barWidth = Math.max(4, slot * 0.6);
  const plot = height - padBottom - padTop;
  return (
    <figure className="w-full">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label={tr('salesChartLabel', { count: days.length })}
      >
        <line
          x1={0}
          x2={width}
          y1={height - padBottom}
          y2={height - padBottom}
          stroke="var(--color-border)"
        />
        {days.map((d, i) => {
          const h = d.total === 0 ? 0 : Math.max(2, (d.total / max) * plot);
          const x = i * slot + (slot - barWidth) / 2;
          const y = height - padBottom - h;
          return (
            <g key={d.date} data-testid="sales-bar" data-date={d.date} data-total={d.total}>
              <title>{tr('salesBarTitle', { date: d.date, amount: money(d.total), orders: d.orders })}</title>
              <rect x={x} y={y} width={barWidth} height={h} rx={3} fill="var(--color-primary)" />
              <text
                x={x + barWidth / 2}
                y={height - 10}
                textAnchor="middle"
                fontSize={11}
                fill="var(--color-muted-foreground)"
              >
                {day(d.date)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="text-xs text-muted-foreground">
        {tr('salesChartCaption', { amount: money(max === 1 ? 0 : max) })}
      </figcaption>
    </figure>
  );
}
