/**
 * An .xlsx's parts out of its ZIP, with the bytes they may unzip to capped: a small file may
 * otherwise expand a thousandfold (a deflate stream of repeated bytes does), and one archive may carry
 * two directories, the classic end record naming one and a ZIP64 end record another.
 *
 * - The directory read here is the one the entries are then taken from: one parse, no second reader
 *   that might see other entries or other sizes than the ones checked.
 * - ZIP64 is read, not ignored: its end record gives the entry count and the directory's offset, an
 *   entry's ZIP64 extra field its sizes and offset. Where the classic end record states a value too
 *   (not the 0xFFFF / 0xFFFFFFFF that defers to ZIP64), the two must agree, and the count on this disk
 *   must be the total: else the file is damaged, whichever reader would have believed which.
 * - The declared sizes of the parts taken must add up to at most the cap before anything is inflated,
 *   and each part is inflated a few kB of input at a time into a buffer of its declared size: a part
 *   that inflates past it is refused at once (its header lied), as is one that ends short of it. So
 *   the bytes held never pass the cap, whatever the headers claim.
 */
import { Inflate } from 'fflate';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  /** What the entry declares it unzips to. */
  size: number;
  /** Where its data starts in the file (after the local header). */
  dataStart: number;
}

export type ZipDirectory = { kind: 'ok'; entries: ZipEntry[] } | { kind: 'damaged' };

export type UnzipOutcome =
  | { kind: 'ok'; files: Record<string, Uint8Array> }
  | { kind: 'damaged' }
  /** The parts would unzip to more than the cap (declared, or found while inflating). */
  | { kind: 'tooLarge' };

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** Input handed to the inflater at a time: at most about a thousandfold of it comes out at once. */
const INFLATE_STEP = 2 * 1024;

class Damaged extends Error {}
class TooLarge extends Error {}

function reader(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const inside = (at: number, length: number) => {
    if (!Number.isSafeInteger(at) || at < 0 || at + length > bytes.length) throw new Damaged();
  };
  return {
    u16(at: number): number {
      inside(at, 2);
      return view.getUint16(at, true);
    },
    u32(at: number): number {
      inside(at, 4);
      return view.getUint32(at, true);
    },
    /** A ZIP64 field; one past 2^53 is no size a file of this machine's memory has. */
    u64(at: number): number {
      inside(at, 8);
      const value = view.getUint32(at + 4, true) * 2 ** 32 + view.getUint32(at, true);
      if (!Number.isSafeInteger(value)) throw new Damaged();
      return value;
    },
  };
}

type Reader = ReturnType<typeof reader>;

/** The classic end record's offset: 22 bytes plus a comment of at most 65,535, searched back from the end. */
function findEnd(bytes: Uint8Array, r: Reader): number {
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--)
    if (r.u32(at) === EOCD) return at;
  throw new Damaged();
}

/** A classic field that is not the ZIP64 marker must state the same value as the ZIP64 record. */
function agree(classic: number, marker: number, zip64: number): void {
  if (classic !== marker && classic !== zip64) throw new Damaged();
}

/** The entry count and the central directory's offset, from the ZIP64 end record where there is one. */
function directoryOf(bytes: Uint8Array, r: Reader): { count: number; offset: number } {
  const end = findEnd(bytes, r);
  const onDisk = r.u16(end + 8);
  const total = r.u16(end + 10);
  const offset = r.u32(end + 16);
  if (end >= 20 && r.u32(end - 20) === ZIP64_LOCATOR) {
    const at = r.u64(end - 20 + 8);
    if (r.u32(at) !== ZIP64_EOCD) throw new Damaged();
    const onDisk64 = r.u64(at + 24);
    const total64 = r.u64(at + 32);
    const offset64 = r.u64(at + 48);
    if (onDisk64 !== total64) throw new Damaged();
    agree(onDisk, MAX16, total64);
    agree(total, MAX16, total64);
    agree(offset, MAX32, offset64);
    return { count: total64, offset: offset64 };
  }
  // One archive on one disk: the count on this disk is the total (one reader reads one, one the other).
  if (onDisk !== total || offset === MAX32) throw new Damaged();
  return { count: total, offset };
}

/** The ZIP64 extra field's values, in the order the spec gives them, for the fields marked 0xFFFFFFFF. */
function zip64Sizes(r: Reader, extra: number, length: number, fields: { size: number; csize: number; offset: number }) {
  const out = { ...fields };
  const wanted = (['size', 'csize', 'offset'] as const).filter((k) => fields[k] === MAX32);
  if (wanted.length === 0) return out;
  for (let at = extra; at + 4 <= extra + length; at += 4 + r.u16(at + 2)) {
    if (r.u16(at) !== 1) continue;
    if (r.u16(at + 2) < wanted.length * 8) throw new Damaged();
    wanted.forEach((k, i) => {
      out[k] = r.u64(at + 4 + i * 8);
    });
    return out;
  }
  throw new Damaged();
}

/** UTF-8 when the entry's flag says so, else the old DOS code page, read here as Windows-1252. */
function nameOf(bytes: Uint8Array, at: number, length: number, utf8: boolean): string {
  return new TextDecoder(utf8 ? 'utf-8' : 'windows-1252').decode(bytes.subarray(at, at + length));
}

/** Every entry of the archive, or `damaged` when its directory cannot be read as one consistent whole. */
export function readZipDirectory(bytes: Uint8Array): ZipDirectory {
  const r = reader(bytes);
  try {
    const { count, offset } = directoryOf(bytes, r);
    const entries: ZipEntry[] = [];
    let at = offset;
    for (let i = 0; i < count; i++) {
      if (r.u32(at) !== CENTRAL) throw new Damaged();
      const flags = r.u16(at + 8);
      if (flags & 1) throw new Damaged(); // encrypted: not a workbook this reads
      const nameLength = r.u16(at + 28);
      const extraLength = r.u16(at + 30);
      const {
        size,
        csize,
        offset: local,
      } = zip64Sizes(r, at + 46 + nameLength, extraLength, {
        size: r.u32(at + 24),
        csize: r.u32(at + 20),
        offset: r.u32(at + 42),
      });
      if (r.u32(local) !== LOCAL) throw new Damaged();
      const dataStart = local + 30 + r.u16(local + 26) + r.u16(local + 28);
      if (dataStart + csize > bytes.length) throw new Damaged();
      const name = nameOf(bytes, at + 46, nameLength, (flags & 0x800) !== 0);
      entries.push({ name, method: r.u16(at + 10), compressedSize: csize, size, dataStart });
      at += 46 + nameLength + extraLength + r.u16(at + 32);
    }
    return { kind: 'ok', entries };
  } catch (error) {
    if (error instanceof Damaged) return { kind: 'damaged' };
    throw error;
  }
}

/** The entry's bytes, inflated into a buffer of its declared size and never past it. */
function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const data = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.size) throw new Damaged();
    return data.slice();
  }
  if (entry.method !== 8) throw new Damaged();
  const out = new Uint8Array(entry.size);
  let filled = 0;
  const inflate = new Inflate((chunk) => {
    // More than it declared: the header lied; stop here, before holding any more of it.
    if (filled + chunk.length > out.length) throw new TooLarge();
    out.set(chunk, filled);
    filled += chunk.length;
  });
  try {
    for (let at = 0; at < data.length; at += INFLATE_STEP) {
      const end = Math.min(at + INFLATE_STEP, data.length);
      inflate.push(data.subarray(at, end), end === data.length);
    }
    if (data.length === 0) inflate.push(data, true);
  } catch (error) {
    if (error instanceof TooLarge) throw error;
    throw new Damaged(); // not a deflate stream
  }
  if (filled !== out.length) throw new Damaged();
  return out;
}

/**
 * The entries `keep` chooses, unzipped, when together they declare and inflate to at most `cap`
 * bytes; otherwise why not. Never throws on the file's content.
 */
export function unzipCapped(bytes: Uint8Array, keep: (name: string) => boolean, cap: number): UnzipOutcome {
  const directory = readZipDirectory(bytes);
  if (directory.kind === 'damaged') return directory;
  const entries = directory.entries.filter((e) => keep(e.name));
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  if (declared > cap) return { kind: 'tooLarge' };
  const files: Record<string, Uint8Array> = {};
  let total = 0;
  try {
    for (const entry of entries) {
      const data = inflateEntry(bytes, entry);
      total += data.length;
      if (total > cap) return { kind: 'tooLarge' };
      files[entry.name] = data;
    }
  } catch (error) {
    if (error instanceof TooLarge) return { kind: 'tooLarge' };
    if (error instanceof Damaged) return { kind: 'damaged' };
    throw error;
  }
  return { kind: 'ok', files };
}
