import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowActions } from './components/crud';
import { statusChangeQuestion } from './orders/orders';

vi.mock('../../shared/api/client', () => import('./test-api-mock'));
vi.mock('sonner', () => import('./test-sonner-mock'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('deletes ask in the app dialog, never window.confirm', () => {
  it('Cancel deletes nothing; the dialog button deletes once', async () => {
    const nativeConfirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const onDelete = vi.fn();
    render(<RowActions name="Summer banner" onEdit={vi.fn()} onDelete={onDelete} deleting={false} />);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Summer banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('Delete Summer banner? This cannot be undone.');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Summer banner' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(nativeConfirm).not.toHaveBeenCalled();
  });

  it("names the consequence and the row's own verb", async () => {
    const onDelete = vi.fn();
    render(
      <RowActions
        name="Gift Card"
        deleteVerb="Remove"
        confirmExtra="Products in 'Gift Card' will have no category."
        onEdit={vi.fn()}
        onDelete={onDelete}
        deleting={false}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Gift Card' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Remove Gift Card? Products in 'Gift Card' will have no category.");
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('statusChangeQuestion', () => {
  const order = {
    id: '01HXYZABCDEF',
    status: 'completed' as const,
    total_amount: 15050,
    user_email: 'rahim@example.com',
  };

  it('a refund names the amount and whose wallet it credits', () => {
    expect(statusChangeQuestion(order, 'refunded')).toMatchObject({
      description: "Refund ৳150.50 to rahim@example.com's wallet?",
      confirmText: 'Refund',
      destructive: true,
    });
  });

  it('any other change names the order and both statuses', () => {
    expect(statusChangeQuestion(order, 'processing')).toMatchObject({
      description: 'Change order 01HXYZAB from Completed to Processing?',
      confirmText: 'Change status',
      destructive: false,
    });
  });
});
