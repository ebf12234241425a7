// A small zip reader for the export's contract tests, independent of the writer: it walks the end record and the
// central directory, inflates each entry and checks its CRC-32 with node:zlib's own.
import { crc32, inflateRawSync } from 'node:zlib';

export interface ReadEntry {
  name: string;
  text: string;
}

export function readZip(zip: Buffer): ReadEntry[] {
  const end = zip.length - 22;
  if (end < 0 || zip.readUInt32LE(end) !== 0x06054b50) throw new Error('no end of central directory record');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ReadEntry[] = [];
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${index}`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + packedSize);
    const data = method === 8 ? inflateRawSync(packed) : Buffer.from(packed);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`corrupt entry ${name}`);
    entries.push({ name, text: data.toString('utf8') });
    at += 46 + nameLength + skip;
  }
  return entries;
}
