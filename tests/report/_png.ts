/**
 * Reads an 8-bit RGB or RGBA PNG (what Chromium's `--screenshot` writes)
 * into pixels, so a test can look for the colours of a chart.
 *
 * @module
 */

/** Decoded pixels. */
export interface Pixels {
  width: number;
  height: number;
  /** Bytes per pixel: 3 (RGB) or 4 (RGBA). */
  channels: number;
  data: Uint8Array;
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(
    new DecompressionStream("deflate"),
  );
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Decodes a non-interlaced 8-bit RGB(A) PNG. */
export async function readPng(bytes: Uint8Array): Promise<Pixels> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Uint8Array[] = [];
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(
      bytes.subarray(offset + 4, offset + 8),
    );
    const body = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      const header = new DataView(
        body.buffer,
        body.byteOffset,
        body.byteLength,
      );
      width = header.getUint32(0);
      height = header.getUint32(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0) {
        throw new TypeError(
          `Cannot read this PNG: depth ${depth}, colour ${colour}`,
        );
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const raw = await inflate(
    idat.reduce((all, part) => {
      const joined = new Uint8Array(all.length + part.length);
      joined.set(all);
      joined.set(part, all.length);
      return joined;
    }, new Uint8Array()),
  );
  const stride = width * channels;
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? data[y * stride + x - channels]! : 0;
      const up = y > 0 ? data[(y - 1) * stride + x]! : 0;
      const corner = x >= channels && y > 0
        ? data[(y - 1) * stride + x - channels]!
        : 0;
      const value = line[x]!;
      data[y * stride + x] = (filter === 0
        ? value
        : filter === 1
        ? value + left
        : filter === 2
        ? value + up
        : filter === 3
        ? value + ((left + up) >> 1)
        : value + paeth(left, up, corner)) & 0xff;
    }
  }
  return { width, height, channels, data };
}

/** How many pixels are within `tolerance` of the colour `#rrggbb`. */
export function countColour(
  pixels: Pixels,
  hex: string,
  tolerance = 6,
): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  let count = 0;
  for (let i = 0; i < pixels.data.length; i += pixels.channels) {
    if (
      Math.abs(pixels.data[i]! - r!) <= tolerance &&
      Math.abs(pixels.data[i + 1]! - g!) <= tolerance &&
      Math.abs(pixels.data[i + 2]! - b!) <= tolerance
    ) count++;
  }
  return count;
}
