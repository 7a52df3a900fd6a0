import { act, screen, waitFor } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { describe, expect, it, vi } from 'vitest';

/**
 * tests/animation-frames.ts: a test that fakes the timers while an animation runs does not stop the
 * animations of the tests after it in the worker. In this order, without shuffling.
 */
describe('antd-mobile dialogs after a test with fake timers', { shuffle: false }, () => {
  it('a dialog shown while the timers are fake', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => {
      void Dialog.alert({ content: '假时钟下的对话框' });
    });
    expect(await screen.findByText('假时钟下的对话框')).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('closes the next dialog once its animation ends', async () => {
    act(() => {
      void Dialog.alert({ content: '之后的对话框' });
    });
    expect(await screen.findByText('之后的对话框')).toBeInTheDocument();
    act(() => Dialog.clear());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });
  });
});
