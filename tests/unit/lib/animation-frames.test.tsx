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

  it('plays the next dialog open and closed', async () => {
    act(() => {
      void Dialog.alert({ content: '之后的对话框' });
    });
    expect(await screen.findByText('之后的对话框')).toBeInTheDocument();
    // Closed before its opening animation's first frame, a dialog never unmounts (antd-mobile waits for
    // the animation's end, which a spring that has not moved never reaches): wait for it to open, as a
    // person would, which is also the frames running again after the fake timers.
    await waitFor(() => expect(screen.getByRole('dialog').firstElementChild).toHaveStyle({ opacity: '1' }), {
      timeout: 2000,
    });
    act(() => Dialog.clear());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });
  });
});
