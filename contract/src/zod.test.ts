import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from './errors';
import { Poisha } from './money';
import { AdminStats } from './schemas/admin-users';
import { Id } from './schemas/ids';
import { JobStatus } from './schemas/jobs';
import { PageQuery } from './schemas/orders';
import { ResellerBalanceResponse } from './schemas/reseller';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('zod (zod/mini with the English messages)', () => {
  it("says zod classic's default messages, not mini's bare 'Invalid input'", () => {
    expect(messages(Id.safeParse(''))).toEqual([': Too small: expected string to have >=1 characters']);
    expect(messages(Id.safeParse('x'.repeat(129)))).toEqual([
      ': Too big: expected string to have <=128 characters',
    ]);
    expect(messages(Id.safeParse(5))).toEqual([': Invalid input: expected string, received number']);
    expect(messages(PageQuery.safeParse({ limit: '0' }))).toEqual([
      'limit: Too small: expected number to be >=1',
    ]);
    expect(messages(PageQuery.safeParse({ limit: '101' }))).toEqual([
      'limit: Too big: expected number to be <=100',
    ]);
    expect(messages(PageQuery.safeParse({ limit: 'abc' }))).toEqual([
      'limit: Invalid input: expected number, received NaN',
    ]);
    expect(messages(PageQuery.safeParse({ limit: '2.5' }))).toEqual([
      'limit: Invalid input: expected int, received number',
    ]);
    expect(messages(Poisha.safeParse('5'))).toEqual([': Invalid input: expected number, received string']);
    expect(messages(Poisha.safeParse(2 ** 53))).toEqual([': Too big: expected int to be <=9007199254740991']);
    expect(messages(JobStatus.safeParse('nope'))).toEqual([
      ': Invalid option: expected one of "running"|"done"|"failed"',
    ]);
    expect(messages(ResellerBalanceResponse.safeParse({ balance: 1, currency: 'USD' }))).toEqual([
      'currency: Invalid input: expected "BDT"',
    ]);
    expect(messages(ErrorBody.safeParse({}))).toEqual([
      'error: Invalid input: expected object, received undefined',
    ]);
    expect(messages(AdminStats.shape.orders_by_status.safeParse({ nope: 1 }))?.at(-1)).toBe(
      ': Unrecognized key: "nope"',
    );
  });

  it('keeps them in a bundle: the module that sets them is no dead code to a bundler', async () => {
    const bundle = await build({
      stdin: {
        contents:
          "import { Id } from './schemas/ids';\nexport const parse = (v: unknown) => Id.safeParse(v);\n",
        resolveDir: import.meta.dirname,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      minify: true,
      write: false,
      logLevel: 'silent',
    });
    const code = bundle.outputFiles[0]!.text;
    expect(code.includes('Too small: expected'), "the bundle lost zod.ts's config(en())").toBe(true);
    // zod/mini, not classic (whose methods keep all of it in every bundle).
    expect(code.length).toBeLessThan(40_000);
  });
});
