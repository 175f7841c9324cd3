import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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
