import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { OptionSelect, type OptionSelectProps } from '@/features/registration/components/option-select';

const NATIONS = [
  { label: '汉族', value: '1' },
  { label: '蒙古族', value: '2' },
  { label: '回族', value: '3' },
];

function Harness(props: Partial<OptionSelectProps> & { initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '');
  return (
    <>
      <button type="button">别的按钮</button>
      <OptionSelect label="民族" options={NATIONS} {...props} value={value} onChange={setValue} />
    </>
  );
}

const trigger = (name: RegExp | string) => screen.getByRole('button', { name });

describe('OptionSelect', () => {
  it('names the field and its choice, and opens a sheet named after the field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(trigger('民族：未选择')).toHaveTextContent('请选择');
    await user.click(trigger('民族：未选择'));
    const sheet = screen.getByRole('dialog', { name: '选择民族' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(
      within(sheet)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['取消', '汉族', '蒙古族', '回族']);
    expect(sheet).toHaveFocus();
  });

  it('picks with one tap, closes, and returns focus to the field', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(trigger('民族：未选择'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '回族' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger('民族：回族')).toHaveFocus();
  });

  it('marks the current choice, focuses it, and offers 不选择 to clear it', async () => {
    const user = userEvent.setup();
    render(<Harness initial="2" />);
    await user.click(trigger('民族：蒙古族'));
    const sheet = screen.getByRole('dialog', { name: '选择民族' });
    const current = within(sheet).getByRole('button', { name: /蒙古族/ });
    expect(current).toHaveAttribute('aria-pressed', 'true');
    expect(current).toHaveFocus();
    await user.click(within(sheet).getByRole('button', { name: '不选择' }));
    expect(trigger('民族：未选择')).toBeInTheDocument();
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      '取消',
      async (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: '取消' })),
    ],
  ])('%s closes the sheet without changing the choice', async (_, close) => {
    const user = userEvent.setup();
    render(<Harness initial="1" />);
    await user.click(trigger('民族：汉族'));
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger('民族：汉族')).toHaveFocus();
  });

  it('keeps Tab inside the sheet and stops the page behind from scrolling while open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(trigger('民族：未选择'));
    expect(document.body.style.overflow).toBe('hidden');
    const sheet = screen.getByRole('dialog');
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(sheet).toContainElement(document.activeElement as HTMLElement);
    }
    // Six Tabs went round once (取消, three options) and on to 汉族; back past 取消 wraps to the last.
    expect(within(sheet).getByRole('button', { name: '汉族' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(within(sheet).getByRole('button', { name: '回族' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('');
  });

  it('says 选项加载失败 with a retry when the options did not load', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<Harness options={[]} loadError onRetry={onRetry} />);
    await user.click(trigger('民族：未选择'));
    const sheet = screen.getByRole('dialog', { name: '选择民族' });
    expect(within(sheet).getByRole('alert')).toHaveTextContent('选项加载失败');
    await user.click(within(sheet).getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows 加载中… for a kept choice while its options load', () => {
    render(<Harness options={[]} loading initial="1" />);
    expect(trigger('民族：加载中…')).toBeInTheDocument();
  });
});
