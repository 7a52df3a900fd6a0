/** The part of the Shape Detection API used here (not yet in TypeScript's DOM types). */
interface DetectedBarcode {
  rawValue: string;
}
export interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
export type BarcodeDetectorConstructor = new () => BarcodeDetectorInstance;

export const SCAN_UNSUPPORTED_MESSAGE = '当前环境不支持扫码，请手动输入采样管编码';

export function barcodeDetector(): BarcodeDetectorConstructor | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

/** Whether this browser can scan with the camera (outside WeChat). Light: the scanner itself loads on demand. */
export function canScanWithCamera(): boolean {
  return (
    typeof window !== 'undefined' &&
    'BarcodeDetector' in window &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}
