import { SlideBody } from '@khelaghor/contract/schemas/catalog';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../shared/i18n/i18n';
import { FormField, KitForm, fieldRules, useKitForm } from '.';

afterEach(() => {
  cleanup();
  act(() => setLocale('en'));
});

describe('fieldRules', () => {
  it('reads required and the text limit from the contract schema under its wrappers', () => {
    expect(fieldRules(SlideBody, 'title')).toEqual({ required: true, maxLength: 120 });
    // optText(300): nullish, then a transform.
    expect(fieldRules(SlideBody, 'subtitle')).toEqual({ required: false, maxLength: 300 });
    // optText(120).optional().
    expect(fieldRules(SlideBody, 'title_bn')).toEqual({ required: false, maxLength: 120 });
    expect(fieldRules(SlideBody, 'is_active')).toEqual({ required: false, maxLength: undefined });
    expect(fieldRules(SlideBody, 'nope')).toEqual({ required: false });
  });
});

type Values = { title: string; title_bn: string; image_url: string; is_active: boolean };
const empty: Values = { title: '', title_bn: '', image_url: '', is_active: true };
const toInput = (v: Values) => ({ ...v, title_bn: v.title_bn || null, display_order: 0 });

function SlideLike({
  onValid,
  serverErrors,
  pending = false,
  onDirty,
}: {
  onValid: (body: unknown) => void;
  serverErrors?: Record<string, string>;
  pending?: boolean;
  onDirty?: (dirty: boolean) => void;
}) {
  const form = useKitForm(SlideBody, empty, toInput, { id: 'slide', serverErrors, pending });
  onDirty?.(form.dirty);
  return (
    <KitForm form={form} submitText="Create Slider" onValid={onValid}>
      <FormField form={form} name="title" label="Title" />
      <FormField form={form} name="title_bn" label="Title (Bangla)" />
      <FormField form={form} name="image_url" label="Image URL" type="url" />
      <FormField form={form} name="is_active" label="Active" as="checkbox" />
    </KitForm>
  );
}

describe('FormField and useKitForm', () => {
  it('labels each control, marks what the schema requires and counts the characters', async () => {
    render(<SlideLike onValid={vi.fn()} />);
    const title = screen.getByLabelText('Title');
    expect(title.id).toBe('slide-title');
    expect(title.getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Title (Bangla)').getAttribute('aria-required')).toBeNull();
    expect(screen.getByLabelText('Title (Bangla)').getAttribute('lang')).toBe('bn');
    // A Bangla twin says it is optional without being told.
    expect(screen.getByText('Optional. Shown in Bangla; empty: the English one.')).toBeTruthy();
    await userEvent.type(title, 'Eid sale');
    expect(screen.getByText('8/120')).toBeTruthy();
    expect(title.getAttribute('aria-describedby')).toBe('slide-title-count');
    // A URL's 2000 is a guard, not a budget: no counter.
    expect(screen.queryByText(/\/2,?000$/)).toBeNull();
    expect(screen.getByLabelText('Active')).toHaveProperty('checked', true);
  });

  it('shows the schema messages under their fields and sends nothing', async () => {
    const onValid = vi.fn();
    render(<SlideLike onValid={onValid} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Slider' }));
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Image URL is required')).toBeTruthy();
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toBe('slide-title-count slide-title-error');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('passes the body the schema accepts on, and keeps track of changes', async () => {
    const onValid = vi.fn();
    const dirty: boolean[] = [];
    render(<SlideLike onValid={onValid} onDirty={(d) => dirty.push(d)} />);
    expect(dirty.at(-1)).toBe(false);
    await userEvent.type(screen.getByLabelText('Title'), 'Eid');
    await userEvent.type(screen.getByLabelText('Image URL'), 'https://x.test/a.png');
    await userEvent.click(screen.getByLabelText('Active'));
    expect(dirty.at(-1)).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Create Slider' }));
    expect(onValid).toHaveBeenCalledWith({
      title: 'Eid',
      title_bn: null,
      image_url: 'https://x.test/a.png',
      is_active: false,
      display_order: 0,
    });
  });

  it("shows the server's 4xx field messages, and waits while submitting", () => {
    render(
      <SlideLike onValid={vi.fn()} pending serverErrors={{ image_url: 'Image URL is not reachable' }} />,
    );
    expect(screen.getByText('Image URL is not reachable')).toBeTruthy();
    expect(screen.getByLabelText('Image URL').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
  });

  it('speaks Bangla: the message, the hint and the counter in Bangla digits', async () => {
    act(() => setLocale('bn'));
    render(<SlideLike onValid={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Title'), 'ঈদ');
    expect(screen.getByText('২/১২০')).toBeTruthy();
    expect(screen.getByText('ঐচ্ছিক। বাংলায় এটি দেখাবে; খালি থাকলে ইংরেজিটি।')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Title'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Slider' }));
    // The contract's English message, in the API catalogue's Bangla.
    expect(screen.queryByText('Title is required')).toBeNull();
    expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true');
  });
});
