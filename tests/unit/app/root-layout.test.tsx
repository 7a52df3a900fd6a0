import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { RootLayout } from '@/app/root-layout';
import { removeToken, setToken } from '@/lib/token';

function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <div>
      <p>
        {name}: {count}
      </p>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        加一
      </button>
      <Link to={name === 'kept' ? '/other' : '/kept'}>去另一页</Link>
    </div>
  );
}

function makeRouter() {
  return createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          {
            path: '/kept',
            handle: { title: '保持页', audience: 'work', keepAlive: true },
            element: <Counter name="kept" />,
          },
          {
            path: '/other',
            handle: { title: '普通页', audience: 'work' },
            element: <Counter name="other" />,
          },
        ],
      },
    ],
    { initialEntries: ['/kept'] },
  );
}

describe('root layout', () => {
  beforeEach(() => {
    document.title = '肠道健康筛查';
  });

  it('keeps a keep-alive page state across a visit elsewhere, and recreates other pages', async () => {
    setToken('t');
    const user = userEvent.setup();
    const router = makeRouter();
    render(<RouterProvider router={router} />);
    await user.click(screen.getByRole('button', { name: '加一' }));
    await user.click(screen.getByRole('button', { name: '加一' }));
    expect(screen.getByText('kept: 2')).toBeVisible();

    await user.click(screen.getByRole('link', { name: '去另一页' }));
    await user.click(screen.getByRole('button', { name: '加一' }));
    expect(screen.getByText('other: 1')).toBeInTheDocument();

    await act(() => router.navigate(-1));
    expect(screen.getByText('kept: 2')).toBeVisible();
    expect(screen.queryByText('other: 1')).not.toBeInTheDocument();

    await act(() => router.navigate('/other'));
    expect(screen.getByText('other: 0')).toBeInTheDocument();
  });

  it('drops the kept pages when the session ends (a 401, a sign-out): nothing of them stays in the DOM', async () => {
    setToken('t');
    const user = userEvent.setup();
    const router = makeRouter();
    render(<RouterProvider router={router} />);
    await user.click(screen.getByRole('button', { name: '加一' }));
    await user.click(screen.getByRole('link', { name: '去另一页' }));
    expect(screen.getByText('kept: 1')).toBeInTheDocument();

    removeToken();
    await act(() => router.navigate('/other?again'));
    expect(screen.queryByText('kept: 1')).not.toBeInTheDocument();

    setToken('t');
    await act(() => router.navigate('/kept'));
    expect(screen.getByText('kept: 0')).toBeVisible();
  });

  it('shows a keep-alive page that renders without a session (its token gone before the access rule leads away)', async () => {
    setToken('t');
    const router = makeRouter();
    render(<RouterProvider router={router} />);
    expect(screen.getByText('kept: 0')).toBeVisible();

    removeToken();
    await act(() => router.navigate('/kept?again'));
    expect(screen.getByText('kept: 0')).toBeVisible();
  });

  it('sets the title from the route when a token exists', async () => {
    setToken('t');
    const router = makeRouter();
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('保持页');
    await act(() => router.navigate('/other'));
    expect(document.title).toBe('普通页');
  });

  it('leaves the title alone without a token (spec §2)', async () => {
    const router = makeRouter();
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/other'));
    expect(document.title).toBe('肠道健康筛查');
  });
});
