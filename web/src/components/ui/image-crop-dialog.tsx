import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Modal } from './modal.tsx';
import { Spinner } from './spinner.tsx';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  cropFrame,
  initialCrop,
  outputCanvasSize,
  panBy,
  scaleOf,
  sourceRect,
  zoomTo,
  type CropState,
  type Rect,
  type Size,
} from '../../lib/crop-geometry.ts';
import './image-crop-dialog.css';

export type CropSpec = {
  /** Size of the result (02 §9: background 730 × 676.34, extra images 200 × 200). */
  output: Size;
  /** Size of the on-screen crop area in CSS pixels (background 328 × 305); it shrinks on narrow screens. */
  viewport: Size;
  /** JPEG quality of the result (0.6). */
  quality: number;
};

type Props = CropSpec & {
  file: Blob;
  title: string;
  onCancel: () => void;
  onDone: (blob: Blob) => void;
  /** Called when the file cannot be read as an image. */
  onUnreadable: () => void;
};

const PAN_STEP = 10;
const PAN_STEP_LARGE = 40;
const ZOOM_STEP = 0.1;

/** Draws the image at its crop position, dims what falls outside the frame, and shows a thirds grid. */
function drawPreview(
  canvas: HTMLCanvasElement,
  image: HTMLImageElement,
  imageSize: Size,
  viewport: Size,
  frame: Rect,
  crop: CropState,
) {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(viewport.width * ratio);
  const height = Math.round(viewport.height * ratio);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = '#f4f2ee';
  ctx.fillRect(0, 0, viewport.width, viewport.height);
  const scale = scaleOf(crop, imageSize, frame);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, crop.x, crop.y, imageSize.width * scale, imageSize.height * scale);
  ctx.fillStyle = 'rgba(15, 34, 36, 0.55)';
  ctx.beginPath();
  ctx.rect(0, 0, viewport.width, viewport.height);
  ctx.rect(frame.x, frame.y, frame.width, frame.height);
  ctx.fill('evenodd');
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.55)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const part of [1 / 3, 2 / 3]) {
    ctx.moveTo(frame.x + frame.width * part, frame.y);
    ctx.lineTo(frame.x + frame.width * part, frame.y + frame.height);
    ctx.moveTo(frame.x, frame.y + frame.height * part);
    ctx.lineTo(frame.x + frame.width, frame.y + frame.height * part);
  }
  ctx.stroke();
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 2;
  ctx.strokeRect(frame.x + 1, frame.y + 1, frame.width - 2, frame.height - 2);
}

/** Renders the chosen part of the image into a canvas of the output size and encodes it as JPEG. */
function renderCrop(
  image: HTMLImageElement,
  imageSize: Size,
  frame: Rect,
  crop: CropState,
  spec: CropSpec,
): Promise<Blob> {
  const size = outputCanvasSize(spec.output);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('no 2d context'));
  // JPEG has no transparency: transparent PNG areas become white, not black.
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.imageSmoothingQuality = 'high';
  const source = sourceRect(crop, imageSize, frame);
  ctx.drawImage(image, source.x, source.y, source.width, source.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))), 'image/jpeg', spec.quality),
  );
}

/**
 * Canvas cropper in a dialog: drag (mouse, touch, pen) or arrow keys move the image, the slider, the wheel
 * or +/− zoom; the frame has the output's aspect ratio, and the image always covers it.
 */
export function ImageCropDialog({ file, title, output, viewport, quality, onCancel, onDone, onUnreadable }: Props) {
  const titleId = useId();
  const helpId = useId();
  const zoomId = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<{ element: HTMLImageElement; size: Size } | null>(null);
  const [crop, setCrop] = useState<CropState | null>(null);
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const frame = cropFrame(viewport, output);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const element = new Image();
    let active = true;
    element.src = url;
    element
      .decode()
      // A decoded image draws without its URL; revoking only now avoids a failed load under StrictMode's re-run.
      .finally(() => URL.revokeObjectURL(url))
      .then(() => {
        if (!active) return;
        const size = { width: element.naturalWidth, height: element.naturalHeight };
        if (!size.width || !size.height) throw new Error('empty image');
        setImage({ element, size });
        setCrop(initialCrop(size, cropFrame(viewport, output)));
      })
      .catch(() => {
        if (active) onUnreadable();
      });
    return () => {
      active = false;
    };
    // A new file means a new crop; the sizes are fixed per dialog.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file]);

  useEffect(() => {
    if (canvasRef.current && image && crop)
      drawPreview(canvasRef.current, image.element, image.size, viewport, frame, crop);
  });

  /** Pointer deltas are in CSS pixels of the (possibly shrunk) canvas; the geometry works in viewport units. */
  const unitsPerPixel = useCallback(() => {
    const rect = canvasRef.current?.getBoundingClientRect();
    return rect && rect.width > 0 ? viewport.width / rect.width : 1;
  }, [viewport.width]);

  const update = useCallback(
    (next: (current: CropState, size: Size) => CropState) => {
      if (!image) return;
      setCrop((current) => (current ? next(current, image.size) : current));
    },
    [image],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // React's wheel listener is passive, so the page would scroll as well; this one may prevent that.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = canvas.getBoundingClientRect();
      const factor = viewport.width / rect.width;
      const anchor = { x: (event.clientX - rect.left) * factor, y: (event.clientY - rect.top) * factor };
      update((current, size) =>
        zoomTo(current, current.zoom * (event.deltaY < 0 ? 1.08 : 1 / 1.08), size, cropFrame(viewport, output), anchor),
      );
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [update, viewport, output, image]);

  function onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
    if (!crop) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  }

  function onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    const factor = unitsPerPixel();
    const dx = (event.clientX - start.x) * factor;
    const dy = (event.clientY - start.y) * factor;
    drag.current = { ...start, x: event.clientX, y: event.clientY };
    update((current, size) => panBy(current, dx, dy, size, frame));
  }

  function onPointerUp(event: PointerEvent<HTMLCanvasElement>) {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLCanvasElement>) {
    const step = event.shiftKey ? PAN_STEP_LARGE : PAN_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      update((current, size) => panBy(current, move[0], move[1], size, frame));
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      update((current, size) => zoomTo(current, current.zoom + ZOOM_STEP, size, frame));
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      update((current, size) => zoomTo(current, current.zoom - ZOOM_STEP, size, frame));
    } else if (event.key === 'Home' || event.key === '0') {
      event.preventDefault();
      update((_, size) => initialCrop(size, frame));
    }
  }

  async function confirm() {
    if (!image || !crop) return;
    setBusy(true);
    try {
      onDone(await renderCrop(image.element, image.size, frame, crop, { output, viewport, quality }));
    } catch (error) {
      console.error('Cropping failed', error);
      onUnreadable();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={onCancel}
      labelledBy={titleId}
      describedBy={helpId}
      className="crop-dialog"
      closeOnBackdrop={false}
      testId="crop-dialog"
    >
      <h2 id={titleId} className="crop-dialog__title">
        {title}
      </h2>
      <p id={helpId} className="crop-dialog__help">
        Ziehe das Bild oder nutze die Pfeiltasten, um den Ausschnitt zu wählen. Mit dem Regler, dem Mausrad oder + und −
        zoomst du.
      </p>
      <div
        className="crop-dialog__stage"
        style={{ maxWidth: viewport.width, aspectRatio: `${viewport.width} / ${viewport.height}` }}
      >
        <canvas
          ref={canvasRef}
          className="crop-dialog__canvas"
          tabIndex={0}
          role="img"
          aria-roledescription="Bildausschnitt"
          aria-label={`Bildausschnitt, ${crop ? `Zoom ${Math.round(crop.zoom * 100)} %` : 'wird geladen'}`}
          aria-describedby={helpId}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          data-testid="crop-canvas"
        />
        {!crop && (
          <span className="crop-dialog__loading">
            <Spinner label="Bild wird geladen…" />
          </span>
        )}
      </div>
      <div className="crop-dialog__zoom">
        <label htmlFor={zoomId}>Zoom</label>
        <input
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={crop?.zoom ?? MIN_ZOOM}
          disabled={!crop}
          aria-valuetext={`${Math.round((crop?.zoom ?? 1) * 100)} %`}
          onChange={(event) => {
            const zoom = Number(event.target.value);
            update((current, size) => zoomTo(current, zoom, size, frame));
          }}
        />
      </div>
      <div className="message-dialog__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Abbrechen
        </button>
        <button type="button" className="button button--primary" onClick={confirm} disabled={!crop || busy}>
          {busy ? <Spinner size="sm" /> : null}
          Übernehmen
        </button>
      </div>
    </Modal>
  );
}
