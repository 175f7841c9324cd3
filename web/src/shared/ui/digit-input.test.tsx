import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DigitInput, typedDigits, type DigitKind } from './digit-input';

afterEach(cleanup);

function Controlled({ kind }: { kind: DigitKind }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="f">field</label>
      <DigitInput id="f" digits={kind} value={value} onChange={(e) => setValue(e.target.value)} />
      <output>{value}</output>
    </>
  );
}

describe('typedDigits', () => {
  it('keeps what each kind of field may hold, with digits in any script as ASCII', () => {
    expect(typedDigits('digits', '১২৩abc৪')).toBe('1234');
    expect(typedDigits('phone', '+৮৮০ ১৭১১-x২')).toBe('+880 1711-2');
    expect(typedDigits('amount', '৳১,০০০.৫০')).toBe('1,000.50');
    expect(typedDigits('code', 'TRX৯A-১ !')).toBe('TRX9A-1 ');
  });
});

describe('DigitInput', () => {
  it.each([
    ['digits', '১২৩x৪৫', '12345'],
    ['phone', '০১৭১১ a১১১', '01711 111'],
    ['amount', '৫০০.৫x', '500.5'],
    ['code', 'AB৯৮', 'AB98'],
  ] as const)('%s: typing %s keeps %s, and the handler sees it', async (kind, typed, kept) => {
    const user = userEvent.setup({ delay: null });
    render(<Controlled kind={kind} />);
    const input = screen.getByLabelText<HTMLInputElement>('field');
    await user.type(input, typed);
    expect(input.value).toBe(kept);
    expect(screen.getByRole('status').textContent).toBe(kept);
  });

  it('a paste of Bangla digits in the middle keeps the caret after them', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Controlled kind="digits" />);
    const input = screen.getByLabelText<HTMLInputElement>('field');
    await user.type(input, '1299');
    input.setSelectionRange(2, 2);
    await user.paste('৩৪a');
    expect(input.value).toBe('123499');
    expect(input.selectionStart).toBe(4);
  });
});
