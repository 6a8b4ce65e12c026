import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';

export { BarcodeFormat };

/**
 * Reads a data carrier back with ZXing (an independent decoder) from a PNG's pixels, as a
 * "pure barcode": an unrotated, undistorted symbol with its quiet zone, which is what the
 * service draws. Without that hint, zxing-js's finder-pattern detector misses about 1 in 25
 * valid QR codes drawn perfectly (measured on random Digital Link URIs; jsQR reads them all), so
 * a test of ours would fail for the decoder's sake, not the symbol's (test/lib/carriers/qr.test.ts
 * reads 150 random ones). The hints go to `decode`
 * itself: MultiFormatReader.decode(image) without them drops those given to setHints.
 */
export function decodePng(png: Buffer, format: BarcodeFormat): string {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.width * image.height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = image.data[i * 4]!; // grayscale: R = G = B
  const source = new RGBLuminanceSource(pixels, image.width, image.height);
  const read = (pure: boolean) => {
    const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [format]]]);
    if (pure) hints.set(DecodeHintType.PURE_BARCODE, true);
    return new MultiFormatReader().decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
  };
  // zxing-js's pure reading of a Data Matrix wants a symbol it can measure exactly; its detector
  // finds those fine, so a symbol the pure reading misses gets the detector's look.
  try {
    return read(true);
  } catch {
    return read(false);
  }
}
