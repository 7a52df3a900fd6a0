import { Button } from 'antd-mobile';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { FieldInput } from '@/components/form-field/field-input';
import { fieldMessageId } from '@/components/form-field/form-field';
import { toast, toastFail } from '@/lib/feedback';
import { isApiError } from '@/lib/http';
import { isTubeCode, normalizeTubeCode } from '@/lib/tube-code';
import { isWeChat } from '@/lib/wechat/environment';
import { whenIdle } from '@/lib/when-idle';
import { canScanWithCamera, SCAN_UNSUPPORTED_MESSAGE } from './camera-support';
import styles from './tube-code-input.module.css';

// The scanner code (JS-SDK glue, AES decryption, the camera view) is not part of the form, which should
// open fast: in WeChat it loads once the page is idle, outside WeChat on the first tap of 扫码.
const loadWeChatScan = () => import('@/lib/wechat');
const CameraScanner = lazy(() =>
  import('./camera-scanner').then((module) => ({ default: module.CameraScanner })),
);

const SCAN_FAILED_MESSAGE = '扫码失败，请重试或手动输入采样管编码';
const NOT_A_TUBE_CODE_MESSAGE = '扫描到的不是采样管编码，请对准采样管上的二维码重试，或手动输入';

/** Cancelling is silent; API failures were already shown by lib/http; our own errors carry Chinese text. */
async function reportScanError(error: unknown): Promise<void> {
  if (isApiError(error)) return;
  const { ScanCancelledError, ScanFailedError, WeChatConfigError, WeChatUnavailableError } =
    await loadWeChatScan();
  if (error instanceof ScanCancelledError) return;
  const known =
    error instanceof ScanFailedError ||
    error instanceof WeChatConfigError ||
    error instanceof WeChatUnavailableError;
  toastFail(known ? error.message : SCAN_FAILED_MESSAGE);
}

export interface TubeCodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called after a successful scan (after onChange), e.g. to look the tube up at once. */
  onScanned?: (code: string) => void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  /** The field's message (e.g. 请扫描或输入采样管编码): shown under the field, announced, and read with the input. */
  error?: string | null;
}

/**
 * The tube code field: large type for typing, and a scan button that uses WeChat's scanner in WeChat,
 * the camera where the browser can read codes, and otherwise asks the user to type.
 */
export function TubeCodeInput({
  value,
  onChange,
  onScanned,
  label = '采样管编码',
  placeholder = '扫码或手动输入',
  disabled = false,
  error,
}: TubeCodeInputProps) {
  const inputId = useId();
  const errorId = error ? fieldMessageId(inputId) : undefined;
  const [scanning, setScanning] = useState(false);
  const [cameraOpen, setCameraOpen] = useState(false);

  // In WeChat, the SDK and its configuration are made ready while the person fills in the page, so the
  // tap on 扫码 opens the scanner without waiting for them.
  useEffect(() => {
    if (!isWeChat()) return undefined;
    return whenIdle(() => {
      void loadWeChatScan().then(
        ({ prepareWeChat }) => prepareWeChat(),
        () => undefined,
      );
    });
  }, []);

  // Scanned codes get the same normalization as typed ones: one field, one form of the code. A code of
  // another format (a QR code that is not the tube's) leaves the field as it was.
  const accept = (scanned: string) => {
    const code = normalizeTubeCode(scanned);
    if (!isTubeCode(code)) {
      toastFail(NOT_A_TUBE_CODE_MESSAGE);
      return;
    }
    onChange(code);
    onScanned?.(code);
  };

  const scan = async () => {
    if (isWeChat()) {
      setScanning(true);
      try {
        const { scanTubeCode } = await loadWeChatScan();
        accept(await scanTubeCode());
      } catch (error) {
        await reportScanError(error);
      } finally {
        setScanning(false);
      }
      return;
    }
    if (canScanWithCamera()) setCameraOpen(true);
    else toast(SCAN_UNSUPPORTED_MESSAGE);
  };

  const onCameraDetected = async (raw: string) => {
    setCameraOpen(false);
    let code: string;
    try {
      const { cleanScanResult } = await loadWeChatScan();
      code = cleanScanResult(raw);
    } catch (error) {
      await reportScanError(error);
      return;
    }
    if (code) accept(code);
    else toastFail(SCAN_FAILED_MESSAGE);
  };

  const onCameraError = (message: string) => {
    setCameraOpen(false);
    toastFail(message);
  };

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.row}>
        <div className={styles.inputBox}>
          <FieldInput
            id={inputId}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={errorId}
            className={styles.input}
            value={value}
            onChange={(text) => onChange(normalizeTubeCode(text))}
            placeholder={placeholder}
            disabled={disabled}
            autoComplete="off"
            autoCorrect="off"
            autoCapitalize="characters"
            enterKeyHint="done"
          />
          {value && !disabled && (
            <button
              type="button"
              className={styles.clearButton}
              aria-label="清除采样管编码"
              onClick={() => onChange('')}
            >
              ×
            </button>
          )}
        </div>
        <Button
          className={styles.scanButton}
          color="primary"
          fill="outline"
          aria-label="扫描采样管二维码"
          disabled={disabled || scanning}
          loading={scanning}
          onClick={scan}
        >
          扫码
        </Button>
      </div>
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
      {cameraOpen && (
        <Suspense fallback={null}>
          <CameraScanner
            visible={cameraOpen}
            onDetected={(raw) => void onCameraDetected(raw)}
            onError={onCameraError}
            onClose={() => setCameraOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
