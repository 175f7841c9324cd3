import { describe, expect, it } from 'vitest';
import { formatDateIn } from './format';

/** A time on the reader's own clock (what the page shows), whatever zone the test runs in. */
const at = (hour: number, minute = 5) => new Date(2026, 10, 23, hour, minute).toISOString();

describe('formatDateIn', () => {
  it('writes Bangla dates with the part of the day, not AM/PM', () => {
    expect(formatDateIn('bn', at(16))).toBe('২৩ নভে, ২০২৬, বিকাল ৪:০৫');
    expect(formatDateIn('bn', at(9, 30))).toBe('২৩ নভে, ২০২৬, সকাল ৯:৩০');
  });

  it.each([
    [0, 'রাত ১২:০৫'],
    [3, 'রাত ৩:০৫'],
    [4, 'ভোর ৪:০৫'],
    [6, 'সকাল ৬:০৫'],
    [11, 'সকাল ১১:০৫'],
    [12, 'দুপুর ১২:০৫'],
    [14, 'দুপুর ২:০৫'],
    [15, 'বিকাল ৩:০৫'],
    [18, 'সন্ধ্যা ৬:০৫'],
    [20, 'রাত ৮:০৫'],
    [23, 'রাত ১১:০৫'],
  ])('hour %i is %s', (hour, time) => {
    expect(formatDateIn('bn', at(hour))).toMatch(new RegExp(`, ${time}$`));
  });

  it('never says AM or PM in Bangla, at any hour', () => {
    for (let hour = 0; hour < 24; hour++) expect(formatDateIn('bn', at(hour))).not.toMatch(/AM|PM|[0-9]/);
  });

  it('keeps English as it was', () => {
    expect(formatDateIn('en', at(16))).toBe('Nov 23, 2026, 4:05 PM');
  });

  it('shows a dash for no date', () => {
    expect(formatDateIn('bn', null)).toBe('—');
    expect(formatDateIn('bn', 'not a date')).toBe('—');
  });
});
