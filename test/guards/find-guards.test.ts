import { describe, expect, it } from 'vitest';
import { conjuncts, findGuards } from './find-guards';

const source = `
export const put = {
  ConditionExpression: 'attribute_exists(pk) AND balance = :old',
};
export const pick = (debit: boolean) => ({
  // guard-covered-by: "b >= :d" by balance = :old (a test)
  ConditionExpression: debit ? 'a = :a AND b >= :d' : 'a = :a',
});
export const built = (extra: string) => ({ ConditionExpression: \`#s IN (:x)\${extra}\` });
`;

describe('the guards the check mutates', () => {
  it('splits a condition on top-level ANDs only', () => {
    expect(conjuncts('a = :a AND (b = :b OR c AND d) AND e')).toEqual(['a = :a', '(b = :b OR c AND d)', 'e']);
  });

  it('weakens one conjunct at a time, in parentheses (NOT binds before AND before OR), and the whole', () => {
    const mutants = findGuards('x.ts', source);
    const changed = (id: string) => {
      const m = mutants.find((x) => x.id === id)!;
      return m.mutated
        .split('\n')
        .find((line, i) => line !== source.split('\n')[i])!
        .trim();
    };
    expect(changed('x.ts:3:balance = :old')).toBe(
      `ConditionExpression: "attribute_exists(pk) AND ((balance = :old) OR NOT (balance = :old))",`,
    );
    expect(changed('x.ts:3:whole')).toContain(
      `(c ? \`(\${c}) OR NOT (\${c})\` : c))('attribute_exists(pk) AND balance = :old')`,
    );
    expect(mutants.map((m) => m.id)).toEqual(
      expect.arrayContaining(['x.ts:7:whole', 'x.ts:7:a = :a', 'x.ts:7:b >= :d', 'x.ts:9:whole']),
    );
  });

  it('reads a guard-covered-by marker for the conjunct it names only', () => {
    const mutants = findGuards('x.ts', source);
    expect(mutants.find((m) => m.id === 'x.ts:7:b >= :d')?.coveredBy).toBe('balance = :old (a test)');
    expect(mutants.filter((m) => m.id === 'x.ts:7:a = :a').every((m) => m.coveredBy === undefined)).toBe(
      true,
    );
  });
});
