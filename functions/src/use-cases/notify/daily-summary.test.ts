import { describe, expect, it } from 'vitest';
import { previousDhakaDay } from './daily-summary';

describe('previousDhakaDay', () => {
  it('is the Dhaka calendar day before, from 18:00 UTC to 18:00 UTC', () => {
    // 00:30 in Dhaka on the 23rd is 18:30 UTC on the 22nd.
    expect(previousDhakaDay(new Date('2026-11-22T18:30:00Z'))).toEqual({
      day: '2026-11-22',
      from: '2026-11-21T18:00:00.000Z',
      until: '2026-11-22T18:00:00.000Z',
    });
    // 23:00 in Dhaka on the 22nd (17:00 UTC) still reports the 21st.
    expect(previousDhakaDay(new Date('2026-11-22T17:00:00Z')).day).toBe('2026-11-21');
  });
});
