import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The floors rule covers every workspace, not only functions/, contract/ and web/ (test/floors.test.ts):
 * the local stack reaches the server's code only through its flows, handlers and table; the bench
 * and the browser tests use the others through their public entry points; events/ and infra/
 * import none of the server's code.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function floorErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => m.message);
}

const uses = (from: string) => `import * as m from '${from}';\nexport const x = m;\n`;

describe('the floors rule in every workspace', () => {
  it('lets local/ use the handlers, use-cases and db/ but not the kit, clients or runtime', async () => {
    const file = 'local/src/wrong.ts';
    expect(await floorErrors(file, uses('../../functions/src/handlers/load'))).toEqual([]);
    expect(await floorErrors(file, uses('../../functions/src/db/client'))).toEqual([]);
    expect(await floorErrors(file, uses('../../functions/src/kit/handler'))).toEqual([
      'local must not import kit (floors: docs/architecture.md)',
    ]);
    expect(await floorErrors(file, uses('../../functions/src/runtime/config'))).toEqual([
      'local must not import runtime (floors: docs/architecture.md)',
    ]);
  });

  it("keeps the bench on the local stack's public entry points", async () => {
    const file = 'bench/src/wrong.ts';
    expect(await floorErrors(file, uses('../../local/src/stack'))).toEqual([]);
    expect(await floorErrors(file, uses('../../local/src/seed-catalog'))).toEqual([
      'bench must not import local (floors: docs/architecture.md)',
    ]);
    expect(await floorErrors(file, uses('../../functions/src/kit/handler'))).toEqual([
      'bench must not import kit (floors: docs/architecture.md)',
    ]);
  });

  it("lets the browser tests read the SPA's catalogs, not its components", async () => {
    const file = 'e2e/wrong.e2e.test.ts';
    expect(await floorErrors(file, uses('../web/src/features/wallet/i18n/bn.json'))).toEqual([]);
    expect(await floorErrors(file, uses('../web/src/features/wallet/add-money-page'))).toEqual([
      'e2e must not import web-feature (floors: docs/architecture.md)',
    ]);
  });

  it('keeps events/ and infra/ off the server code', async () => {
    expect(await floorErrors('events/src/wrong.ts', uses('../../functions/src/db/client'))).toEqual([
      'events must not import db (floors: docs/architecture.md)',
    ]);
    expect(await floorErrors('infra/src/wrong.ts', uses('../../local/src/stack'))).toEqual([
      'infra must not import local-entry (floors: docs/architecture.md)',
    ]);
  });

  it('lets tests reach any server floor', async () => {
    expect(await floorErrors('functions/test/wrong.ts', uses('../src/kit/handler'))).toEqual([]);
    expect(await floorErrors('test/wrong.ts', uses('../local/src/seed-catalog'))).toEqual([]);
  });
});
