import { describe, expect, it } from 'vitest';
import { releaseSlotWrites } from './unpaid-slots';

describe('unpaid-order slot items', () => {
  it('frees a slot only when the order leaves pending', () => {
    const order = { id: 'o1', user_id: 'u1', unpaid_slot: 1 };
    expect(releaseSlotWrites('t', { ...order, status: 'pending' })).toHaveLength(1);
    expect(releaseSlotWrites('t', { ...order, status: 'processing' })).toHaveLength(0);
    expect(releaseSlotWrites('t', { ...order, status: 'pending', unpaid_slot: undefined })).toHaveLength(0);
  });
});
