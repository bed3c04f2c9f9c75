/**
 * Reading a ticket's QR code from the door's camera: the browser's BarcodeDetector where it has one, else jsQR (a
 * pure-JS decoder, loaded only when the camera is started without a BarcodeDetector).
 */

/** The pixels of one frame (an ImageData, or the same three fields from a test). */
export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The text of the QR code in the frame, if there is one (jsQR). */
export async function decodeQrFrame(frame: Frame): Promise<string | null> {
  const { default: jsQR } = await import("jsqr");
  const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: "dontInvert" });
  return found?.data ? found.data : null;
}

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorLike | null {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return new Detector({ formats: ["qr_code"] });
  } catch {
    return null;
  }
}

/** Whether this browser can show the camera at all (a secure page with mediaDevices). */
export function canUseCamera(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function";
}

/**
 * A reader of the video's current frame: BarcodeDetector when present, else the frame drawn on a canvas and handed
 * to jsQR. Answers the QR code's text, or null when the frame shows none.
 */
export function frameReader(video: HTMLVideoElement): () => Promise<string | null> {
  const detector = barcodeDetector();
  if (detector) {
    return async () => {
      const [first] = await detector.detect(video);
      return first?.rawValue ?? null;
    };
  }
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async () => {
    if (!context || video.videoWidth === 0) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return decodeQrFrame(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}
