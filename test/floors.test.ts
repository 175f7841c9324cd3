import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RouteTable } from '../contract/src/route-def';

/**
 * The floors (docs/architecture.md) are enforced by `npm run lint`. These cases show the rule
 * failing on imports against them, and passing on the same kind of import in the right place.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function floorErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => m.message);
}

describe('the floors lint rule', () => {
  it('refuses the AWS SDK, db/ and the HTTP kit in the domain', async () => {
    const file = 'functions/src/domain/orders/wrong.ts';
    expect(
      await floorErrors(
        file,
        "import { GetCommand } from '@aws-sdk/lib-dynamodb';\nexport const x = GetCommand;\n",
      ),
    ).toHaveLength(1);
    expect(
      await floorErrors(file, "import { keys } from '../../db/keys';\nexport const x = keys;\n"),
    ).toEqual(['domain must not import db (floors: docs/architecture.md)']);
    expect(
      await floorErrors(
        file,
        "import { defineHandler } from '../../kit/handler';\nexport const x = defineHandler;\n",
      ),
    ).toEqual(['domain must not import kit (floors: docs/architecture.md)']);
    expect(
      await floorErrors(
        file,
        "import { ORDER_STATUSES } from '@khelaghor/contract/facts';\nexport const x = ORDER_STATUSES;\n",
      ),
    ).toEqual([]);
  });

  it('lets db/ use the domain but not the use-cases above it', async () => {
    const file = 'functions/src/db/wrong.ts';
    expect(
      await floorErrors(
        file,
        "import { priceOrder } from '../domain/orders/price-check';\nexport const x = priceOrder;\n",
      ),
    ).toEqual([]);
    expect(
      await floorErrors(
        file,
        "import { placeOrder } from '../use-cases/orders/place-order';\nexport const x = placeOrder;\n",
      ),
    ).toEqual(['db must not import use-cases (floors: docs/architecture.md)']);
  });

  it('lets the kit ask an outside system (clients/) but not the use-cases', async () => {
    const file = 'functions/src/kit/wrong.ts';
    expect(
      await floorErrors(
        file,
        "import { hasAuthenticatorApp } from '../clients/user-pool';\nexport const x = hasAuthenticatorApp;\n",
      ),
    ).toEqual([]);
    expect(
      await floorErrors(
        file,
        "import { placeOrder } from '../use-cases/orders/place-order';\nexport const x = placeOrder;\n",
      ),
    ).toEqual(['kit must not import use-cases (floors: docs/architecture.md)']);
  });

  it('keeps use-cases off the AWS SDK', async () => {
    const file = 'functions/src/use-cases/orders/wrong.ts';
    expect(
      await floorErrors(
        file,
        "import { QueryCommand } from '@aws-sdk/lib-dynamodb';\nexport const x = QueryCommand;\n",
      ),
    ).toHaveLength(1);
  });

  it('keeps the SPA off the server and its features apart', async () => {
    expect(
      await floorErrors(
        'web/src/shared/wrong.ts',
        "import { keys } from '../../../functions/src/db/keys';\nexport const x = keys;\n",
      ),
    ).toHaveLength(1);
    expect(
      await floorErrors(
        'web/src/features/wallet/wrong.ts',
        "import { ordersQuery } from '../orders/api';\nexport const x = ordersQuery;\n",
      ),
    ).toEqual(['web-feature must not import web-feature (floors: docs/architecture.md)']);
    expect(
      await floorErrors(
        'web/src/features/orders/fine.ts',
        "import { ordersQuery } from './api';\nexport const x = ordersQuery;\n",
      ),
    ).toEqual([]);
  });
});

/**
 * One name per area (docs/architecture.md): the route files of contract/src/routes name the areas,
 * and every folder under handlers/, use-cases/, domain/, db/ and web/src/features/ is one of them
 * or one of the few internal areas below, each with the reason it has no route file of its own.
 */
const ROUTE_AREAS = readdirSync('contract/src/routes')
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.slice(0, -'.ts'.length));

const INTERNAL_AREAS: Record<string, string> = {
  auth: "Cognito's triggers (the sign-up and verification mails)",
  jobs: 'scheduled and kicked jobs, and the stream consumers they start',
  notify: "mail to buyers and the shop, sent from the table's stream",
  stock: 'voucher codes and their counters: added by admin-catalog, sold by orders',
  fulfilment:
    "supplier orders and the operator's queue (issue 31): started by orders and payments, swept by jobs",
  users: 'profiles and the admin role: read by account, changed by admin-users',
  site: 'slides, announcements, settings: read by catalog, changed by admin-site',
  suppliers:
    "the suppliers' settings, secrets and health: called by orders and jobs, set up by admin-fulfilment",
  reconciliation:
    "the daily reconciliation of the shop's books (issue 34): run by jobs, and by admin-reconciliation",
  audit:
    "the audit trail (issue 34): every admin route's writes carry their entry (kit/admin-handler.ts); listed by admin-audit",
};
const WEB_INTERNAL_AREAS: Record<string, string> = {
  admin: 'the admin screens, one lazily loaded part of the SPA',
  checkout: 'the checkout step shared by the product page and the wallet',
};
/** The table machinery: all db/ keeps at its root. */
const DB_MACHINERY = [
  'batch-get',
  'client',
  'conflict-retry',
  'health',
  'keys',
  'list-items',
  'page-cursor',
  'query-all',
  'rate-limit',
  'transact',
];

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
/** The names in `names` that are not an area. */
const notAreas = (names: string[], internal: Record<string, string>) =>
  names.filter((n) => !ROUTE_AREAS.includes(n) && !(n in internal));

describe('one name per area', () => {
  it('names the areas by the route files, and finds a folder that is none of them', () => {
    expect(ROUTE_AREAS).toEqual(expect.arrayContaining(['orders', 'catalog', 'resellers', 'admin-site']));
    expect(notAreas(['orders', 'reseller', 'callbacks', 'jobs'], INTERNAL_AREAS)).toEqual([
      'reseller',
      'callbacks',
    ]);
  });

  it.each(['handlers', 'use-cases', 'domain', 'db'])('has only areas under functions/src/%s', (floor) => {
    expect(notAreas(folders(`functions/src/${floor}`), INTERNAL_AREAS)).toEqual([]);
  });

  it('has only areas under web/src/features', () => {
    expect(notAreas(folders('web/src/features'), WEB_INTERNAL_AREAS)).toEqual([]);
  });

  it("keeps every route row's handler in the folder named like its route file", async () => {
    for (const area of ROUTE_AREAS) {
      const module = (await import(`../contract/src/routes/${area}.ts`)) as Record<string, unknown>;
      const table = Object.entries(module).find(([name]) => name.endsWith('Routes'))?.[1] as RouteTable;
      expect(table, area).toBeDefined();
      for (const row of Object.values(table)) expect(row.handler, area).toMatch(new RegExp(`^${area}/`));
    }
  });

  it('keeps only the table machinery at the root of db/', () => {
    const root = readdirSync('functions/src/db').filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(root.map((f) => f.slice(0, -'.ts'.length)).filter((f) => !DB_MACHINERY.includes(f))).toEqual([]);
  });
});
