import { describe, expect, it } from 'vitest';
import { parseGroups } from './auth';

describe('parseGroups', () => {
  it('reads every form the cognito:groups claim arrives in', () => {
    expect(parseGroups(['admin', 'x'])).toEqual(['admin', 'x']);
    expect(parseGroups('[admin x]')).toEqual(['admin', 'x']);
    expect(parseGroups('["admin","x"]')).toEqual(['admin', 'x']);
    expect(parseGroups('admin')).toEqual(['admin']);
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups('[]')).toEqual([]);
  });
});
