/** The QR's side as a share of the poster's width, and its white margin as a share of the QR's side. */
const QR_SHARE = 0.24;
const QR_MARGIN = 0.08;
/** The widest poster drawn (wider pictures are scaled down, keeping their shape). */
const MAX_WIDTH = 1080;

/** A picture loaded for drawing: from a blob of its bytes, so a media host's picture cannot taint the canvas. */
async function loadPicture(src: string): Promise<{ image: HTMLImageElement; release: () => void }> {
  let url = src;
  let objectUrl: string | undefined;
  if (!src.startsWith('data:')) {
    const res = await fetch(src);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    url = objectUrl = URL.createObjectURL(await res.blob());
  }
  const image = new Image();
  image.decoding = 'async';
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('the picture could not be read'));
    image.src = url;
  });
  return { image, release: () => objectUrl && URL.revokeObjectURL(objectUrl) };
}

/**
 * The poster as one PNG (a `data:` URL) with the member's invitation QR drawn on it: bottom right,
 * on a white square so it scans on any picture. Throws when a picture cannot be read.
 */
export async function posterWithQr(posterSrc: string, qrSrc: string): Promise<string> {
  const [poster, qr] = await Promise.all([loadPicture(posterSrc), loadPicture(qrSrc)]);
  try {
    const scale = Math.min(1, MAX_WIDTH / poster.image.naturalWidth);
    const width = Math.round(poster.image.naturalWidth * scale);
    const height = Math.round(poster.image.naturalHeight * scale);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const g = canvas.getContext('2d');
    if (!g) throw new Error('no canvas');
    g.drawImage(poster.image, 0, 0, width, height);
    const side = Math.round(Math.min(width, height) * QR_SHARE);
    const margin = Math.round(side * QR_MARGIN);
    const x = width - side - 2 * margin - margin;
    const y = height - side - 2 * margin - margin;
    g.fillStyle = '#ffffff';
    g.fillRect(x, y, side + 2 * margin, side + 2 * margin);
    // A QR's modules stay sharp: no smoothing when it is scaled.
    g.imageSmoothingEnabled = false;
    g.drawImage(qr.image, x + margin, y + margin, side, side);
    return canvas.toDataURL('image/png');
  } finally {
    poster.release();
    qr.release();
  }
}
