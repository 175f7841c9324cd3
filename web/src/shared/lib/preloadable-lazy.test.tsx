import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

const Hello = ({ name }: { name: string }) => <h1>Hello {name}</h1>;

describe('preloadableLazy', () => {
  it('suspends like React.lazy when not preloaded', async () => {
    const Page = preloadableLazy(async () => ({ default: Hello }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Rahim" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Hello Rahim' })).toBeTruthy();
  });

  it('renders at once, without the fallback, once preloaded', async () => {
    const Page = preloadableLazy(async () => ({ default: Hello }));
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Karim" />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Hello Karim' })).toBeTruthy();
  });
});
