import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { GrowingTextArea } from '@/components/growing-text-area';

function Field() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="note">备注</label>
      <GrowingTextArea id="note" value={value} onChange={setValue} minRows={2} maxRows={5} />
    </>
  );
}

/** The field, typed into in a browser that does (or does not) size a textarea to its text (field-sizing). */
async function typedInto(fieldSizing: boolean): Promise<HTMLElement> {
  vi.stubGlobal('CSS', {
    supports: (property: string, value: string) =>
      fieldSizing && property === 'field-sizing' && value === 'content',
  });
  render(<Field />);
  const box = screen.getByRole('textbox', { name: '备注' });
  await userEvent.type(box, '北京市海淀区{enter}学院路 1 号');
  expect(box).toHaveValue('北京市海淀区\n学院路 1 号');
  return box;
}

/**
 * How the field grows with its text is seen in a browser (registration.spec: 住址 grows to four lines,
 * then scrolls); jsdom lays nothing out. Here: what each kind of browser is given to size it with.
 */
describe('GrowingTextArea', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('where the browser sizes the field (field-sizing), starts it at its least lines and sets no height of its own', async () => {
    const box = await typedInto(true);
    expect(box).toHaveAttribute('rows', '2');
    expect(box.style.height).toBe('');
  });

  it("elsewhere, antd-mobile's autoSize gives the field a height of its own", async () => {
    const box = await typedInto(false);
    expect(box.style.height).not.toBe('');
  });
});
