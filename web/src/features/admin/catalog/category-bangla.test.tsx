import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { call, resetAfterEach } from '../test-api-mock';
import { CategoryBanglaForm } from './category-bangla';

vi.mock('../../../shared/api/client', () => import('../test-api-mock'));
vi.mock('sonner', () => import('../test-sonner-mock'));

resetAfterEach();

function renderForm(nameBn: string | null, onDone = vi.fn()) {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <CategoryBanglaForm category={{ name: 'Free Fire', name_bn: nameBn }} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

describe("a category's Bangla name in the admin", () => {
  it('saves what the admin types for the category, then closes', async () => {
    call.mockResolvedValue({ category: { name: 'Free Fire', name_bn: 'ফ্রি ফায়ার' }, message: 'ok' });
    const onDone = renderForm(null);
    expect(screen.getByText('Free Fire')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Bangla name'), 'ফ্রি ফায়ার');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(call).toHaveBeenCalledWith('adminSetCategoryBangla', {
      params: { name: 'Free Fire' },
      body: { name_bn: 'ফ্রি ফায়ার' },
    });
  });

  it('starts from the saved name and refuses one longer than the contract allows', async () => {
    renderForm('ফ্রি ফায়ার');
    const field = screen.getByLabelText<HTMLInputElement>('Bangla name');
    expect(field.value).toBe('ফ্রি ফায়ার');
    await userEvent.type(field, 'ক'.repeat(60));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 60 characters')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });
});
