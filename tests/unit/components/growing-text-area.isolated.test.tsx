import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

/** A fresh copy of the component, so that each test decides what the browser supports. */
async function loadWith(fieldSizing: boolean) {
  vi.resetModules();
  vi.stubGlobal('CSS', {
    supports: (property: string, value: string) =>
      fieldSizing && property === 'field-sizing' && value === 'content',
  });
  const { GrowingTextArea } = await import('@/components/growing-text-area');
  function Field() {
    const [value, setValue] = useState('');
    return (
      <>
        <label htmlFor="note">备注</label>
        <GrowingTextArea id="note" value={value} onChange={setValue} minRows={2} maxRows={5} />
      </>
    );
  }
  return Field;
}

describe('GrowingTextArea', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('where the browser sizes the field (field-sizing), leaves it to the browser: the page is never measured', async () => {
    const Field = await loadWith(true);
    const measured = vi.spyOn(Element.prototype, 'scrollHeight', 'get');
    const { container } = render(<Field />);
    const box = screen.getByRole('textbox', { name: '备注' });
    await userEvent.type(box, '北京市海淀区{enter}学院路 1 号');
    expect(box).toHaveValue('北京市海淀区\n学院路 1 号');
    expect(measured).not.toHaveBeenCalled();
    expect(box).toHaveAttribute('rows', '2');
    const wrapper = container.querySelector('.adm-text-area') as HTMLElement;
    expect(wrapper.style.getPropertyValue('--min-rows')).toBe('2');
    expect(wrapper.style.getPropertyValue('--max-rows')).toBe('5');
  });

  it("elsewhere, antd-mobile's autoSize sets the height from the measured text", async () => {
    const Field = await loadWith(false);
    const measured = vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(72);
    render(<Field />);
    const box = screen.getByRole('textbox', { name: '备注' });
    expect(measured).toHaveBeenCalled();
    expect(box.style.height).not.toBe('');
  });
});
