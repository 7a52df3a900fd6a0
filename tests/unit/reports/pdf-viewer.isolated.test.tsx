import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PdfPageImages, PdfViewer, UnreadablePdfError } from '@/components/pdf-viewer';
import { fakePdf } from './helpers';

const loader = vi.hoisted(() => ({
  openPdfDocument: vi.fn(),
  preparePdfJs: vi.fn(() => Promise.resolve()),
  startPdfWorker: vi.fn(),
}));
vi.mock('@/components/pdf-viewer/pdf-loader', () => loader);

const BYTES = new TextEncoder().encode('%PDF-1.4 demo').buffer;

const scrollIntoView = vi.fn();
beforeEach(() => {
  loader.openPdfDocument.mockReset();
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => vi.unstubAllGlobals());

/** An IntersectionObserver the test drives: `reveal(page)` brings that page's sheet into view. */
function stubIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  class FakeObserver {
    private entry: { callback: IntersectionObserverCallback; targets: Element[] };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: [] };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      this.entry.targets = [];
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    /** Reports the page as on screen, once the viewer observes it (its effect may run after the render). */
    async reveal(pageNumber: number) {
      const sheet = screen.getByRole('region', { name: new RegExp(`^第 ${pageNumber} 页`) });
      await waitFor(() => expect(observers.some((observer) => observer.targets.includes(sheet))).toBe(true));
      // The browser calls an observer from outside React. Inside an async act (the callback returns a
      // promise), so the drawing it starts and the state the drawing's promise sets land before the test goes on.
      await act(() => {
        for (const observer of observers) {
          if (observer.targets.includes(sheet)) {
            observer.callback(
              [{ isIntersecting: true, target: sheet } as unknown as IntersectionObserverEntry],
              {} as IntersectionObserver,
            );
          }
        }
        return Promise.resolve();
      });
    },
  };
}

describe('PdfViewer', () => {
  it('opens the bytes, draws each page on its own canvas and gives each page its text', async () => {
    const pdf = fakePdf(2);
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    render(<PdfViewer data={BYTES} label="报告原件" />);
    expect(screen.getByRole('status')).toHaveTextContent('正在打开报告');
    const page1 = await screen.findByRole('region', { name: '第 1 页，共 2 页' });
    expect(loader.openPdfDocument).toHaveBeenCalledWith(BYTES);
    expect(page1.querySelector('canvas')).toHaveAttribute('aria-hidden', 'true');
    await waitFor(() => expect(pdf.renders.map((r) => r.pageNumber)).toEqual([1, 2]));
    expect(await within(page1).findByText('第1页 检测结果：阴性')).toBeInTheDocument();
  });

  it('draws a page only when it comes near the screen', async () => {
    const observer = stubIntersectionObserver();
    const pdf = fakePdf(3);
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    render(<PdfViewer data={BYTES} label="报告原件" />);
    await screen.findByRole('region', { name: '第 1 页，共 3 页' });
    expect(pdf.renders).toEqual([]);
    await observer.reveal(1);
    await waitFor(() => expect(pdf.renders.map((r) => r.pageNumber)).toEqual([1]));
    await observer.reveal(3);
    await waitFor(() => expect(pdf.renders.map((r) => r.pageNumber)).toEqual([1, 3]));
  });

  it('zooms with 放大 / 缩小 within limits, redrawing at the new scale', async () => {
    const pdf = fakePdf(1);
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    render(<PdfViewer data={BYTES} label="报告原件" />);
    const zoomIn = await screen.findByRole('button', { name: '放大' });
    const zoomOut = screen.getByRole('button', { name: '缩小' });
    await waitFor(() => expect(pdf.renders).toHaveLength(1));
    const fit = pdf.renders[0].scale;
    expect(screen.getByText('100%')).toBeInTheDocument();

    await userEvent.click(zoomIn);
    expect(screen.getByText('125%')).toBeInTheDocument();
    await waitFor(() => expect(pdf.renders.at(-1)?.scale).toBeCloseTo(fit * 1.25));

    await userEvent.click(zoomOut);
    await userEvent.click(zoomOut);
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(zoomOut).toBeDisabled();
    for (let i = 0; i < 6; i += 1) await userEvent.click(zoomIn);
    expect(screen.getByText('300%')).toBeInTheDocument();
    expect(zoomIn).toBeDisabled();
  });

  it('pages with 上一页 / 下一页', async () => {
    loader.openPdfDocument.mockResolvedValue(fakePdf(2).doc);
    render(<PdfViewer data={BYTES} label="报告原件" />);
    const previous = await screen.findByRole('button', { name: '上一页' });
    const next = screen.getByRole('button', { name: '下一页' });
    expect(previous).toBeDisabled();
    expect(screen.getByRole('toolbar')).toHaveTextContent('当前第1 / 2页');
    await userEvent.click(next);
    expect(screen.getByRole('toolbar')).toHaveTextContent('当前第2 / 2页');
    expect(scrollIntoView).toHaveBeenCalled();
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
  });

  it('a one-page report has no 上一页 / 下一页', async () => {
    loader.openPdfDocument.mockResolvedValue(fakePdf(1).doc);
    render(<PdfViewer data={BYTES} label="报告原件" />);
    expect(await screen.findByRole('region', { name: '第 1 页，共 1 页' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '放大' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /上一页|下一页/ })).not.toBeInTheDocument();
  });

  it('shows why the file could not be opened, and 重试 opens it', async () => {
    loader.openPdfDocument
      .mockRejectedValueOnce(new Error('Invalid PDF structure.'))
      .mockResolvedValue(fakePdf(1).doc);
    render(<PdfViewer data={BYTES} label="报告原件" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('报告打开失败');
    await userEvent.click(within(alert).getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('region', { name: '第 1 页，共 1 页' })).toBeInTheDocument();
  });

  it.each([
    ['locked with a password', 'locked', '这份报告文件设有密码保护，无法在这里打开。请联系为您登记的筛查点'],
    ['damaged', 'damaged', '文件已损坏或不是 PDF，无法打开'],
  ] as const)(
    'a file pdf.js cannot read (%s) says why, with no 重试 that cannot help',
    async (_, problem, text) => {
      loader.openPdfDocument.mockRejectedValue(new UnreadablePdfError(problem));
      render(<PdfViewer data={BYTES} label="报告原件" />);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(text);
      expect(within(alert).queryByRole('button', { name: '重试' })).not.toBeInTheDocument();
      expect(loader.openPdfDocument).toHaveBeenCalledTimes(1);
    },
  );

  it('shows a page that failed to draw with its own 重试', async () => {
    const pdf = fakePdf(1);
    let fail = true;
    const draw = pdf.doc.renderPage;
    pdf.doc.renderPage = (pageNumber, canvas, scale) => {
      if (fail) {
        fail = false;
        return { promise: Promise.reject(new Error('canvas 内存不足')), cancel: () => {} };
      }
      return draw(pageNumber, canvas, scale);
    };
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    render(<PdfViewer data={BYTES} label="报告原件" />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('第 1 页显示失败');
    await userEvent.click(within(alert).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(pdf.renders).toHaveLength(1);
  });

  it('says so for a document without pages, and releases the document when closed', async () => {
    const empty = fakePdf(0);
    loader.openPdfDocument.mockResolvedValue(empty.doc);
    const { unmount } = render(<PdfViewer data={BYTES} label="报告原件" />);
    expect(await screen.findByText('报告没有内容')).toBeInTheDocument();
    unmount();
    expect(empty.destroy).toHaveBeenCalled();
  });
});

describe('PdfPageImages', () => {
  it('shows page 1 as soon as it is drawn while the next ones are still being drawn, one at a time', async () => {
    const pdf = fakePdf(3);
    const draw = pdf.doc.drawPagePicture;
    const asked: number[] = [];
    let releasePage2: () => void = () => undefined;
    const page2Held = new Promise<void>((resolve) => {
      releasePage2 = resolve;
    });
    pdf.doc.drawPagePicture = async (pageNumber, width) => {
      asked.push(pageNumber);
      if (pageNumber === 2) await page2Held;
      return draw(pageNumber, width);
    };
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    const { container } = render(<PdfPageImages data={BYTES} label="报告.pdf" />);

    expect(await screen.findByRole('img', { name: '报告.pdf 第 1 页' })).toBeInTheDocument();
    expect(screen.getByText('第 1 / 3 页')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('正在生成第 2 / 3 页');
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');
    expect(asked).toEqual([1, 2]); // page 3 waits for page 2

    await act(() => {
      releasePage2();
      return Promise.resolve();
    });
    expect(await screen.findByRole('img', { name: '报告.pdf 第 3 页' })).toBeInTheDocument();
    expect(screen.getAllByRole('img')).toHaveLength(3);
    expect(asked).toEqual([1, 2, 3]);
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a page as soon as it is drawn, and its picture (what a long press saves) once encoded', async () => {
    const pdf = fakePdf(1);
    const draw = pdf.doc.drawPagePicture;
    let encode: () => void = () => undefined;
    const encoded = new Promise<void>((resolve) => {
      encode = resolve;
    });
    pdf.doc.drawPagePicture = async (pageNumber, width) => {
      const drawn = await draw(pageNumber, width);
      return { canvas: drawn.canvas, picture: () => encoded.then(drawn.picture) };
    };
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    // As the app renders it: StrictMode runs each effect's cleanup and setup again on mount (development).
    const { container } = render(
      <StrictMode>
        <PdfPageImages data={BYTES} label="报告.pdf" />
      </StrictMode>,
    );

    const drawn = await screen.findByRole('img', { name: '报告.pdf 第 1 页' });
    expect(drawn.querySelector('canvas')).toHaveAttribute('width', String(343 * 2));
    expect(container.querySelector('img')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'true');

    await act(() => {
      encode();
      return Promise.resolve();
    });
    const picture = await screen.findByRole('img', { name: '报告.pdf 第 1 页' });
    expect(picture.tagName).toBe('IMG');
    expect(picture).toHaveAttribute('src', 'data:image/png;base64,cGFnZS01');
    expect(container.firstElementChild).toHaveAttribute('aria-busy', 'false');
    // The canvas keeps its place, hidden from screen readers, until the picture has loaded.
    const canvas = container.querySelector('canvas')!;
    expect(canvas.closest('[aria-hidden="true"]')).not.toBeNull();
    fireEvent.load(picture);
    expect(container.querySelector('canvas')).toBeNull();
    await waitFor(() => expect(canvas.width).toBe(0)); // its memory freed once it is out
  });

  it('asks for pictures at least twice the shown width (legible when zoomed), more on denser screens', async () => {
    vi.stubGlobal('devicePixelRatio', 3);
    const pdf = fakePdf(1);
    loader.openPdfDocument.mockResolvedValue(pdf.doc);
    render(<PdfPageImages data={BYTES} label="报告.pdf" />);
    await screen.findByRole('img', { name: '报告.pdf 第 1 页' });
    expect(pdf.images[0].pixelWidth).toBe(343 * 3);
  });

  it('a file that cannot be opened says so, with 重试', async () => {
    loader.openPdfDocument.mockRejectedValueOnce(new Error('Invalid PDF structure'));
    loader.openPdfDocument.mockResolvedValueOnce(fakePdf(1).doc);
    render(<PdfPageImages data={BYTES} label="报告.pdf" />);
    expect(await screen.findByText('文件打开失败')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('img', { name: '报告.pdf 第 1 页' })).toBeInTheDocument();
  });
});
