import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TubeCodeInput } from '@/components/tube-code-input';
import {
  ScanCancelledError,
  ScanFailedError,
  WeChatConfigError,
  prepareWeChat,
  scanTubeCode,
} from '@/lib/wechat';
import { isWeChat } from '@/lib/wechat/environment';

vi.mock('@/lib/wechat', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/wechat')>()),
  scanTubeCode: vi.fn(),
  prepareWeChat: vi.fn(),
}));
vi.mock('@/lib/wechat/environment', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/wechat/environment')>()),
  isWeChat: vi.fn(() => false),
}));

const mockedIsWeChat = vi.mocked(isWeChat);
const mockedScan = vi.mocked(scanTubeCode);
const mockedPrepare = vi.mocked(prepareWeChat);

function Harness({ onScanned, initial = '' }: { onScanned?: (code: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return <TubeCodeInput value={value} onChange={setValue} onScanned={onScanned} />;
}

const scanButton = () => screen.getByRole('button', { name: '扫描采样管二维码' });

beforeEach(() => {
  mockedIsWeChat.mockReset().mockReturnValue(false);
  mockedScan.mockReset();
  mockedPrepare.mockReset();
});

afterEach(() => {
  act(() => Toast.clear());
  Reflect.deleteProperty(window, 'BarcodeDetector');
});

describe('TubeCodeInput', () => {
  it('keeps what the user types as typed, without surrounding spaces (a server may tell cases apart)', async () => {
    const onChange = vi.fn();
    render(<TubeCodeInput value="" onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('采样管编码'), ' a');
    expect(onChange).toHaveBeenLastCalledWith('a');

    render(<Harness />);
    const [, input] = screen.getAllByLabelText('采样管编码');
    await userEvent.type(input, '  tb-2024-001 ');
    expect(input).toHaveValue('tb-2024-001');
  });

  it('fills in the code scanned in WeChat, as the label has it, and reports it', async () => {
    mockedIsWeChat.mockReturnValue(true);
    mockedScan.mockResolvedValue('tube-0042');
    const onScanned = vi.fn();
    render(<Harness onScanned={onScanned} />);

    await userEvent.click(scanButton());

    expect(await screen.findByDisplayValue('tube-0042')).toBeInTheDocument();
    expect(onScanned).toHaveBeenCalledWith('tube-0042');
    expect(mockedScan).toHaveBeenCalledTimes(1);
  });

  describe('before any tap', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('in WeChat, makes the scanner ready once the page is idle', async () => {
      mockedIsWeChat.mockReturnValue(true);
      render(<Harness />);

      await vi.advanceTimersByTimeAsync(3000);
      await waitFor(() => expect(mockedPrepare).toHaveBeenCalledTimes(1));
      expect(mockedScan).not.toHaveBeenCalled();
    });

    it('outside WeChat, prepares nothing', async () => {
      render(<Harness />);

      await vi.advanceTimersByTimeAsync(3000);
      expect(mockedPrepare).not.toHaveBeenCalled();
    });
  });

  it('says nothing and keeps the typed code when the user cancels the scan', async () => {
    mockedIsWeChat.mockReturnValue(true);
    mockedScan.mockRejectedValue(new ScanCancelledError());
    const show = vi.spyOn(Toast, 'show');
    const onScanned = vi.fn();
    render(<Harness initial="TB-1" onScanned={onScanned} />);

    await userEvent.click(scanButton());

    await waitFor(() => expect(scanButton()).toBeEnabled());
    expect(show).not.toHaveBeenCalled();
    expect(onScanned).not.toHaveBeenCalled();
    expect(screen.getByLabelText('采样管编码')).toHaveValue('TB-1');
  });

  it('shows a Chinese message when the scan fails, keeping the typed code', async () => {
    mockedIsWeChat.mockReturnValue(true);
    mockedScan.mockRejectedValue(new ScanFailedError());
    render(<Harness initial="TB-1" />);

    await userEvent.click(scanButton());

    expect(await screen.findByText('扫码失败，请重试或手动输入采样管编码')).toBeInTheDocument();
    expect(screen.getByLabelText('采样管编码')).toHaveValue('TB-1');
  });

  it.each([
    ['a web address', 'https://evil.example/?a=1'],
    ['a sentence', '请扫描 采样管上的二维码'],
    ['a control character', 'CT2026\u0000110001'],
    ['a code too long for a tube', 'A'.repeat(65)],
  ])('refuses a scanned %s with a message, leaving the field as it was', async (_label, scanned) => {
    mockedIsWeChat.mockReturnValue(true);
    mockedScan.mockResolvedValue(scanned);
    const onScanned = vi.fn();
    render(<Harness initial="TB-1" onScanned={onScanned} />);

    await userEvent.click(scanButton());

    expect(
      await screen.findByText('扫描到的不是采样管编码，请对准采样管上的二维码重试，或手动输入'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('采样管编码')).toHaveValue('TB-1');
    expect(onScanned).not.toHaveBeenCalled();
  });

  it('shows the configuration failure message', async () => {
    mockedIsWeChat.mockReturnValue(true);
    mockedScan.mockRejectedValue(new WeChatConfigError());
    render(<Harness />);

    await userEvent.click(scanButton());

    expect(await screen.findByText('微信扫码暂不可用，请手动输入采样管编码')).toBeInTheDocument();
  });

  it('asks the user to type the code where nothing can scan', async () => {
    render(<Harness />);

    await userEvent.click(scanButton());

    expect(await screen.findByText('当前环境不支持扫码，请手动输入采样管编码')).toBeInTheDocument();
    expect(mockedScan).not.toHaveBeenCalled();
  });

  it('does not scan while disabled', () => {
    mockedIsWeChat.mockReturnValue(true);
    render(<TubeCodeInput value="" onChange={vi.fn()} disabled />);

    expect(scanButton()).toBeDisabled();
    expect(screen.getByLabelText('采样管编码')).toBeDisabled();
  });

  describe('outside WeChat with BarcodeDetector', () => {
    let track: { stop: ReturnType<typeof vi.fn> };
    let getUserMediaMock: ReturnType<typeof vi.fn>;

    function installCamera(
      detect: () => Promise<{ rawValue: string }[]>,
      getUserMedia?: () => Promise<unknown>,
    ) {
      track = { stop: vi.fn() };
      const stream = { getTracks: () => [track] };
      Object.defineProperty(window, 'BarcodeDetector', {
        configurable: true,
        value: class {
          detect = detect;
        },
      });
      getUserMediaMock = vi.fn(getUserMedia ?? (() => Promise.resolve(stream)));
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: getUserMediaMock },
      });
      vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
      vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(
        HTMLMediaElement.HAVE_ENOUGH_DATA,
      );
    }

    afterEach(() => {
      Reflect.deleteProperty(navigator, 'mediaDevices');
    });

    it('reads a code with the camera, cleans it, and closes the camera', async () => {
      installCamera(() => Promise.resolve([{ rawValue: 'CODE_128,tube-77 ' }]));
      const onScanned = vi.fn();
      render(<Harness onScanned={onScanned} />);

      await userEvent.click(scanButton());

      expect(await screen.findByDisplayValue('tube-77')).toBeInTheDocument();
      expect(onScanned).toHaveBeenCalledWith('tube-77');
      await waitFor(() => expect(track.stop).toHaveBeenCalled());
      expect(mockedScan).not.toHaveBeenCalled();
    });

    it('closes the camera on 关闭 without changing the code', async () => {
      installCamera(() => Promise.resolve([]));
      render(<Harness initial="TB-1" />);

      await userEvent.click(scanButton());
      expect(await screen.findByRole('dialog', { name: '扫描采样管二维码' })).toBeInTheDocument();
      await waitFor(() =>
        expect(getUserMediaMock).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false }),
      );
      // A plain click: jsdom lacks the pointer capture the popup's swipe gesture sets up on pointerdown.
      fireEvent.click(screen.getByRole('button', { name: '关闭' }));

      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: '扫描采样管二维码' })).not.toBeInTheDocument(),
      );
      expect(track.stop).toHaveBeenCalled();
      expect(screen.getByLabelText('采样管编码')).toHaveValue('TB-1');
    });

    it('explains when the camera cannot be opened', async () => {
      installCamera(
        () => Promise.resolve([]),
        () => Promise.reject(new DOMException('denied', 'NotAllowedError')),
      );
      render(<Harness />);

      await userEvent.click(scanButton());

      expect(
        await screen.findByText('无法打开摄像头，请允许使用摄像头或手动输入采样管编码'),
      ).toBeInTheDocument();
    });
  });
});

describe('TubeCodeInput message', () => {
  it('shows its message under the field, announced and read with the input, and nothing without one', () => {
    const { rerender } = render(<TubeCodeInput value="" onChange={vi.fn()} error="请扫描或输入采样管编码" />);
    const input = screen.getByLabelText('采样管编码');
    expect(screen.getByRole('alert')).toHaveTextContent('请扫描或输入采样管编码');
    expect(input).toHaveAccessibleDescription('请扫描或输入采样管编码');
    expect(input).toBeInvalid();
    rerender(<TubeCodeInput value="CT1" onChange={vi.fn()} error={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).toBeValid();
  });
});
