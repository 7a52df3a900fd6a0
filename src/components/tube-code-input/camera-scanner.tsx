import { Button, Popup } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { barcodeDetector, SCAN_UNSUPPORTED_MESSAGE, type BarcodeDetectorInstance } from './camera-support';
import styles from './tube-code-input.module.css';
import { normalizeTubeCode } from '@/lib/tube-code';
import { useLatest } from '@/lib/use-latest';

/** Frames read per second is a trade-off: often enough to feel instant, rarely enough for old phones. */
const DETECT_INTERVAL_MS = 250;
const CAMERA_FAILED_MESSAGE = '无法打开摄像头，请允许使用摄像头或手动输入采样管编码';

function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

export interface CameraScannerProps {
  visible: boolean;
  /** The first text read, as the detector gave it. */
  onDetected: (raw: string) => void;
  /** The camera could not be opened; the message is fit for a toast. */
  onError: (message: string) => void;
  onClose: () => void;
}

/** A full-screen camera view that reads the first QR code or barcode it sees. */
export function CameraScanner({ visible, onDetected, onError, onClose }: CameraScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onDetectedRef = useLatest(onDetected);
  const onErrorRef = useLatest(onError);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!visible || !Detector) return;
    let detector: BarcodeDetectorInstance;
    try {
      detector = new Detector();
    } catch {
      // Declared but unusable on this device.
      onErrorRef.current(SCAN_UNSUPPORTED_MESSAGE);
      return;
    }
    let stopped = false;
    let stream: MediaStream | null = null;
    let attached: HTMLVideoElement | null = null;
    let timer: number | undefined;

    /** The popup mounts its content a render later than this effect runs: attach the stream when it is there. */
    const attachedVideo = (): HTMLVideoElement | null => {
      const video = videoRef.current;
      if (!video || !stream) return null;
      if (video.srcObject !== stream) {
        video.srcObject = stream;
        attached = video;
        // `autoPlay muted playsInline` normally suffices; an explicit play() helps older webviews.
        Promise.resolve(video.play()).catch(() => undefined);
      }
      return video;
    };

    const detectLoop = async () => {
      const video = attachedVideo();
      if (video && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        try {
          const found = (await detector.detect(video)).find((barcode) => normalizeTubeCode(barcode.rawValue));
          if (found && !stopped) {
            stopped = true;
            onDetectedRef.current(found.rawValue);
            return;
          }
        } catch {
          // A frame the detector cannot read: try the next one.
        }
      }
      if (!stopped) timer = window.setTimeout(() => void detectLoop(), DETECT_INTERVAL_MS);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then((mediaStream) => {
        if (stopped) return stopStream(mediaStream);
        stream = mediaStream;
        void detectLoop();
      })
      .catch(() => {
        if (!stopped) onErrorRef.current(CAMERA_FAILED_MESSAGE);
      });

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stopStream(stream);
      if (attached) attached.srcObject = null;
    };
  }, [visible, onDetectedRef, onErrorRef]);

  return (
    <Popup
      visible={visible}
      position="bottom"
      onMaskClick={onClose}
      destroyOnClose
      bodyClassName={styles.cameraBody}
    >
      <section className={styles.camera} role="dialog" aria-modal="true" aria-label="扫描采样管二维码">
        <p className={styles.cameraHint}>请将采样管上的二维码或条形码对准画面</p>
        <video ref={videoRef} className={styles.video} muted playsInline autoPlay aria-label="摄像头画面" />
        <Button block size="large" onClick={onClose}>
          关闭
        </Button>
      </section>
    </Popup>
  );
}
