import { useEffect, useRef, useState } from 'react';
import jsQR from 'jsqr';
import { CAMERA_ERROR_TEXT, cameraErrorKind, type CameraErrorKind } from '@gm/shared/redemption/contracts';
import './qr-camera.css';

/** How often a frame is decoded; jsQR on a 640×480 frame takes a few ms. */
const SCAN_INTERVAL_MS = 150;

/** What blocks the camera before getUserMedia is even asked (02 §2 camera errors). */
export function cameraPrecondition(win: {
  isSecureContext?: boolean;
  navigator?: { mediaDevices?: { getUserMedia?: unknown } };
}): CameraErrorKind | undefined {
  if (win.isSecureContext === false) return 'secureContext';
  if (typeof win.navigator?.mediaDevices?.getUserMedia !== 'function') return 'unsupported';
  return undefined;
}

/**
 * The camera view of the scanner (02 §2): getUserMedia with the rear camera, every frame drawn to
 * a canvas and decoded with jsQR until a QR code is found; then the stream stops and `onResult`
 * gets the text. Each camera failure shows its German explanation (permission, no camera, secure
 * context, camera in use, unsuitable cameras, no stream API).
 */
export function QrCamera({ onResult, onClose }: { onResult: (text: string) => void; onClose: () => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [error, setError] = useState<CameraErrorKind | null>(null);
  const [ready, setReady] = useState(false);
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      if (timer) window.clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    const blocked = cameraPrecondition(window);
    if (blocked) {
      setError(blocked);
      return stop;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (media) => {
        if (stopped) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = media;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = media;
        await video.play().catch(() => undefined);
        setReady(true);
        timer = window.setInterval(() => {
          const canvas = canvasRef.current;
          if (!canvas || video.readyState < 2 || !video.videoWidth) return;
          canvas.width = video.videoWidth;
          canvas.height = video.videoHeight;
          const context = canvas.getContext('2d', { willReadFrequently: true });
          if (!context) return;
          context.drawImage(video, 0, 0, canvas.width, canvas.height);
          const frame = context.getImageData(0, 0, canvas.width, canvas.height);
          const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' });
          if (code?.data) {
            stop();
            onResultRef.current(code.data);
          }
        }, SCAN_INTERVAL_MS);
      })
      .catch((failure: unknown) => {
        if (!stopped) setError(cameraErrorKind((failure as { name?: string } | undefined)?.name));
      });
    return stop;
  }, []);

  return (
    <div className="qr-camera" data-testid="qr-camera">
      {error ? (
        <div className="qr-camera__error" role="alert" data-testid="camera-error" data-kind={error}>
          <p>{CAMERA_ERROR_TEXT[error]}</p>
        </div>
      ) : (
        <div className="qr-camera__frame">
          <video
            ref={videoRef}
            className="qr-camera__video"
            muted
            playsInline
            aria-label="Kamerabild zum Scannen des QR-Codes"
          />
          <span className="qr-camera__target" aria-hidden="true" />
          {!ready && <p className="qr-camera__hint">Kamera wird gestartet…</p>}
        </div>
      )}
      <canvas ref={canvasRef} className="visually-hidden" aria-hidden="true" />
      <button type="button" className="button button--ghost" onClick={onClose}>
        Kamera schließen
      </button>
    </div>
  );
}
