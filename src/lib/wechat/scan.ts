import { tryDecryptHex } from '@/lib/crypto';
import { ScanCancelledError, ScanFailedError } from './errors';
import { ensureWeChatReady, invalidateWeChatConfig, loadWeChatSdk } from './sdk';

/** A barcode result's format prefix, e.g. 'CODE_128,' or 'EAN_13,' (WECHAT.md, scanQRCode). */
const FORMAT_PREFIX = /^[A-Z0-9_]+,/;
/** An AIM symbology identifier some scanners put first, e.g. ']C1' for GS1-128. */
const SYMBOLOGY_IDENTIFIER = /^\][A-Za-z]\d/;

/**
 * Turns a scanner's text into a tube code: trimmed, without format prefix or symbology identifier, and
 * decrypted when it is hex ciphertext under the app's key (spec §9); other text is returned as it is.
 */
export function cleanScanResult(raw: string): string {
  const value = raw.trim().replace(FORMAT_PREFIX, '').replace(SYMBOLOGY_IDENTIFIER, '').trim();
  if (!value) return '';
  return tryDecryptHex(value)?.trim() ?? value;
}

/**
 * How long after the page is visible again (the native scanner closed) a result may still arrive. Some
 * WeChat versions close the scanner without calling any callback; the wait then ends quietly.
 */
const RESULT_AFTER_RETURN_MS = 1_500;

/**
 * Opens WeChat's scanner (QR codes and barcodes) and resolves with the cleaned tube code. Rejects with
 * ScanCancelledError when the user closes it (or the scanner closes with no answer), ScanFailedError
 * when it fails or reads nothing, and whatever ensureWeChatReady rejects with.
 */
export async function scanTubeCode(): Promise<string> {
  await ensureWeChatReady();
  const wx = await loadWeChatSdk();
  const raw = await new Promise<string>((resolve, reject) => {
    let quietEnd: ReturnType<typeof setTimeout> | undefined;
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      clearTimeout(quietEnd);
      quietEnd = setTimeout(() => finish(() => reject(new ScanCancelledError())), RESULT_AFTER_RETURN_MS);
    };
    const finish = (settle: () => void) => {
      clearTimeout(quietEnd);
      document.removeEventListener('visibilitychange', onVisibility);
      settle();
    };
    document.addEventListener('visibilitychange', onVisibility);
    wx.scanQRCode({
      needResult: 1,
      scanType: ['qrCode', 'barCode'],
      success: (result) =>
        finish(() => resolve(typeof result.resultStr === 'string' ? result.resultStr : '')),
      cancel: () => finish(() => reject(new ScanCancelledError())),
      fail: () => {
        // Most often a configuration WeChat no longer accepts: sign again next time.
        invalidateWeChatConfig();
        finish(() => reject(new ScanFailedError()));
      },
    });
  });
  const code = cleanScanResult(raw);
  if (!code) throw new ScanFailedError('未识别到采样管编码，请重试或手动输入');
  return code;
}
