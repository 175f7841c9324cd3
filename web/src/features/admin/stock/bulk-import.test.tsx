import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkImport } from './bulk-import';

vi.mock('sonner', () => import('../test-sonner-mock'));
vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
const callMock = (await import('../test-api-mock')).call;

afterEach(cleanup);

describe('BulkImport', () => {
  it('sends 2,500 codes in chunks of 1,000 and reports per code', async () => {
    let stock = 0;
    callMock.mockImplementation(async (_name: string, opts: { body: { codes: string[] } }) => {
      const results = opts.body.codes.map((code) =>
        code === 'CODE-7' ? { code, status: 'already_in_shop' as const } : { code, status: 'added' as const },
      );
      const added = results.filter((r) => r.status === 'added').length;
      stock += added;
      return {
        results,
        counts: { added, duplicate_in_file: 0, already_in_shop: results.length - added, invalid: 0 },
        stock,
      };
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BulkImport variants={[{ id: 'v1', label: 'Free Fire – 100 Diamonds' }]} />
      </QueryClientProvider>,
    );
    await userEvent.selectOptions(screen.getByLabelText('Variant'), 'v1');
    const list = Array.from({ length: 2500 }, (_, i) => `CODE-${i}`)
      .concat('CODE-1')
      .join('\n');
    fireEvent.change(screen.getByLabelText('Codes (one per line)'), { target: { value: list } });
    await userEvent.click(screen.getByRole('button', { name: 'Import Codes' }));

    await waitFor(() => expect(screen.getByTestId('import-progress').textContent).toContain('2500 of 2500'));
    expect(callMock.mock.calls.map((c) => (c[1] as { body: { codes: string[] } }).body.codes.length)).toEqual(
      [1000, 1000, 500],
    );
    expect(callMock.mock.calls[0]![0]).toBe('adminImportVouchers');
    expect(screen.getByTestId('import-count-added').textContent).toContain('2499');
    expect(screen.getByTestId('import-count-already_in_shop').textContent).toContain('1');
    expect(screen.getByTestId('import-count-duplicate_in_file').textContent).toContain('1');
    expect(screen.getByTestId('import-stock').textContent).toContain('2499');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('2500');
  });

  it('asks for a variant before sending anything', async () => {
    callMock.mockClear();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <BulkImport variants={[{ id: 'v1', label: 'x' }]} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Codes (one per line)'), { target: { value: 'A\nB' } });
    await userEvent.click(screen.getByRole('button', { name: 'Import Codes' }));
    expect(callMock).not.toHaveBeenCalled();
  });
});
