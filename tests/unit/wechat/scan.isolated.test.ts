import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '@/config/env';
import { encryptToHex } from '@/lib/crypto';
import { cleanScanResult } from '@/lib/wechat';
import {
  ANDROID_WECHAT_UA,
  IOS_SAFARI_UA,
  IOS_WECHAT_UA,
  installBridge,
  loadFreshWeChatLib,
  removeBridge,
  restoreUserAgent,
  useSignatureEndpoint,
} from './support';

afterEach(() => {
  removeBridge();
  restoreUserAgent();
});

describe('cleanScanResult', () => {
  it('strips a barcode format prefix and whitespace', () => {
    expect(cleanScanResult('CODE_128,ABC123 ')).toBe('ABC123');
    expect(cleanScanResult('  EAN_13,6901234567892\n')).toBe('6901234567892');
    expect(cleanScanResult('QR_CODE, TUBE-001 ')).toBe('TUBE-001');
  });

  it('strips a GS1 symbology identifier', () => {
    expect(cleanScanResult(']C1TUBE0001')).toBe('TUBE0001');
    expect(cleanScanResult('CODE_128,]C10104012345678901')).toBe('0104012345678901');
  });

  it('keeps plain codes as they are', () => {
    expect(cleanScanResult('TUBE-2024-0001')).toBe('TUBE-2024-0001');
    expect(cleanScanResult('tube,lower')).toBe('tube,lower');
    expect(cleanScanResult('   ')).toBe('');
  });

  it('decrypts a hex payload encrypted with the app key', () => {
    const cipher = encryptToHex('TUBE-2024-0042', config.aesKey);
    expect(cleanScanResult(cipher)).toBe('TUBE-2024-0042');
    expect(cleanScanResult(`QR_CODE,${cipher.toUpperCase()} `)).toBe('TUBE-2024-0042');
  });

  it('keeps hex that is not a ciphertext under the app key', () => {
    const otherKey = encryptToHex('TUBE-2024-0042', 'fedcba9876543210');
    expect(cleanScanResult(otherKey)).toBe(otherKey);
    expect(cleanScanResult('ABC123')).toBe('ABC123');
  });
});

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('scanTubeCode', () => {
  it('ends quietly when the page is visible again and the scanner gave no answer', async () => {
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    const bridge = installBridge({ scanAnswer: () => null });
    useSignatureEndpoint();

    const outcome = lib.scanTubeCode().catch((error: unknown) => error);
    await vi.waitFor(() => expect(bridge.callsTo('scanQRCode')).toHaveLength(1));
    setVisibility('hidden');
    setVisibility('visible');
    try {
      expect(await outcome).toBeInstanceOf(lib.ScanCancelledError);
    } finally {
      Reflect.deleteProperty(document, 'visibilityState');
    }
  });

  it('configures, opens the scanner for QR codes and barcodes, and returns the cleaned code (Android)', async () => {
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    const bridge = installBridge({
      scanAnswer: () => ({ err_msg: 'scanQRCode:ok', resultStr: 'CODE_128,ABC123 ' }),
    });
    const { bodies } = useSignatureEndpoint();

    await expect(lib.scanTubeCode()).resolves.toBe('ABC123');

    expect(bodies).toHaveLength(1);
    const [scan] = bridge.callsTo('scanQRCode');
    expect(scan.args).toMatchObject({ needResult: 1, scanType: ['qrCode', 'barCode'] });
  });

  it('reads the JSON result WeChat sends on iOS', async () => {
    const { lib } = await loadFreshWeChatLib(IOS_WECHAT_UA);
    lib.captureEntryUrl();
    installBridge({
      scanAnswer: () => ({
        err_msg: 'scanQRCode:ok',
        resultStr: JSON.stringify({ scan_code: { scan_type: 'qrcode', scan_result: ' TUBE-IOS-7 ' } }),
      }),
    });
    useSignatureEndpoint();

    await expect(lib.scanTubeCode()).resolves.toBe('TUBE-IOS-7');
  });

  it('decrypts an encrypted QR payload', async () => {
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    const cipher = encryptToHex('TUBE-SECRET-9', config.aesKey);
    installBridge({ scanAnswer: () => ({ err_msg: 'scanQRCode:ok', resultStr: cipher }) });
    useSignatureEndpoint();

    await expect(lib.scanTubeCode()).resolves.toBe('TUBE-SECRET-9');
  });

  it('rejects with ScanCancelledError when the user closes the scanner', async () => {
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    installBridge({ scanAnswer: () => ({ err_msg: 'scanQRCode:cancel' }) });
    useSignatureEndpoint();

    await expect(lib.scanTubeCode()).rejects.toBeInstanceOf(lib.ScanCancelledError);
  });

  it('rejects with a Chinese message when the scanner fails, and signs again next time', async () => {
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    installBridge({ scanAnswer: () => ({ err_msg: 'scanQRCode:permission denied' }) });
    const { bodies } = useSignatureEndpoint();

    const failure = lib.scanTubeCode();
    await expect(failure).rejects.toBeInstanceOf(lib.ScanFailedError);
    await expect(failure).rejects.toThrow('扫码失败，请重试或手动输入采样管编码');

    await expect(lib.scanTubeCode()).rejects.toBeInstanceOf(lib.ScanFailedError);
    expect(bodies).toHaveLength(2);
  });

  it('rejects when the scan reads nothing usable', async () => {
    const { lib } = await loadFreshWeChatLib(ANDROID_WECHAT_UA);
    installBridge({ scanAnswer: () => ({ err_msg: 'scanQRCode:ok', resultStr: 'CODE_128, ' }) });
    useSignatureEndpoint();

    await expect(lib.scanTubeCode()).rejects.toThrow('未识别到采样管编码，请重试或手动输入');
  });

  it('rejects outside WeChat without calling the API or a bridge', async () => {
    const { lib } = await loadFreshWeChatLib(IOS_SAFARI_UA);
    const { bodies } = useSignatureEndpoint();

    await expect(lib.scanTubeCode()).rejects.toBeInstanceOf(lib.WeChatUnavailableError);
    expect(bodies).toHaveLength(0);
  });
});
