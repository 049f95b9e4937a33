/**
 * The spreadsheet import's zip-bomb guard. A deflate stream of repeated bytes unzips a thousandfold;
 * the guard read only the classic end record's entry total, so a ZIP64 file whose classic record
 * counts no entry passed as unzipping to 0 bytes and was inflated whole. Here: the archives are built
 * byte by byte (ZIP64 records, lying headers), the bombs from one deflate block of 1 MB of spaces
 * repeated (about 1 kB each), so a 100 MB bomb is a file of about 100 kB.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { linesOf, parseReportFile } from '../../lib/find/report-parse';
import { MAX_XLSX_UNZIPPED_BYTES } from '../../lib/find/report-types';
import { readZipDirectory, unzipCapped } from '../../lib/find/zip-read';
import { toXlsx, type Value } from '../../tools/support/report-files';

const MB = 1024 * 1024;

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A raw deflate stream that inflates to `mb` MB of spaces: one flushed block repeated, then an empty final block. */
function deflatedSpaces(mb: number): Uint8Array {
  const block = deflateRawSync(Buffer.alloc(MB, 0x20), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const out = new Uint8Array(block.length * mb + 5);
  for (let i = 0; i < mb; i++) out.set(block, i * block.length);
  out.set([0x01, 0x00, 0x00, 0xff, 0xff], block.length * mb);
  return out;
}

interface Part {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** The bytes as they sit in the archive. */
  body: Uint8Array;
  /** What the headers declare it unzips to. */
  size: number;
  crc: number;
}

const deflated = (name: string, text: string): Part => {
  const data = new TextEncoder().encode(text);
  return { name, method: 8, body: deflateRawSync(data), size: data.length, crc: crc32(data) };
};

interface Layout {
  /** ZIP64 sizes, offsets and end record (the classic fields hold their 0xFFFF / 0xFFFFFFFF markers). */
  zip64?: boolean;
  /** What the classic end record says: entries on this disk and in total. */
  classic?: { onDisk: number; total: number };
}

/** An archive as a writer lays it out: local headers and data, the central directory, the end record(s). */
function zipOf(parts: readonly Part[], layout: Layout = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const put = (bytes: Uint8Array) => {
    chunks.push(bytes);
    offset += bytes.length;
  };
  const record = (size: number, fill: (v: DataView) => void) => {
    const bytes = new Uint8Array(size);
    fill(new DataView(bytes.buffer));
    return bytes;
  };
  const u64 = (v: DataView, at: number, n: number) => {
    v.setUint32(at, n % 2 ** 32, true);
    v.setUint32(at + 4, Math.floor(n / 2 ** 32), true);
  };
  const z64 = layout.zip64 === true;
  const central: Uint8Array[] = [];
  for (const p of parts) {
    const name = new TextEncoder().encode(p.name);
    const at = offset;
    const localExtra = z64 ? 20 : 0;
    put(
      record(30 + name.length + localExtra, (v) => {
        v.setUint32(0, 0x04034b50, true);
        v.setUint16(4, z64 ? 45 : 20, true);
        v.setUint16(8, p.method, true);
        v.setUint16(12, 0x21, true);
        v.setUint32(14, p.crc, true);
        v.setUint32(18, z64 ? 0xffffffff : p.body.length, true);
        v.setUint32(22, z64 ? 0xffffffff : p.size, true);
        v.setUint16(26, name.length, true);
        v.setUint16(28, localExtra, true);
        new Uint8Array(v.buffer).set(name, 30);
        if (z64) {
          v.setUint16(30 + name.length, 1, true);
          v.setUint16(32 + name.length, 16, true);
          u64(v, 34 + name.length, p.size);
          u64(v, 42 + name.length, p.body.length);
        }
      }),
    );
    put(p.body);
    const extra = z64 ? 28 : 0;
    central.push(
      record(46 + name.length + extra, (v) => {
        v.setUint32(0, 0x02014b50, true);
        v.setUint16(4, z64 ? 45 : 20, true);
        v.setUint16(6, z64 ? 45 : 20, true);
        v.setUint16(10, p.method, true);
        v.setUint16(14, 0x21, true);
        v.setUint32(16, p.crc, true);
        v.setUint32(20, z64 ? 0xffffffff : p.body.length, true);
        v.setUint32(24, z64 ? 0xffffffff : p.size, true);
        v.setUint16(28, name.length, true);
        v.setUint16(30, extra, true);
        v.setUint32(42, z64 ? 0xffffffff : at, true);
        new Uint8Array(v.buffer).set(name, 46);
        if (z64) {
          v.setUint16(46 + name.length, 1, true);
          v.setUint16(48 + name.length, 24, true);
          u64(v, 50 + name.length, p.size);
          u64(v, 58 + name.length, p.body.length);
          u64(v, 66 + name.length, at);
        }
      }),
    );
  }
  const directoryAt = offset;
  for (const c of central) put(c);
  const directorySize = offset - directoryAt;
  if (z64) {
    const recordAt = offset;
    put(
      record(56, (v) => {
        v.setUint32(0, 0x06064b50, true);
        u64(v, 4, 44);
        v.setUint16(12, 45, true);
        v.setUint16(14, 45, true);
        u64(v, 24, parts.length);
        u64(v, 32, parts.length);
        u64(v, 40, directorySize);
        u64(v, 48, directoryAt);
      }),
    );
    put(
      record(20, (v) => {
        v.setUint32(0, 0x07064b50, true);
        u64(v, 8, recordAt);
        v.setUint32(16, 1, true);
      }),
    );
  }
  const marker = z64 ? 0xffff : parts.length;
  const { onDisk = marker, total = marker } = layout.classic ?? {};
  put(
    record(22, (v) => {
      v.setUint32(0, 0x06054b50, true);
      v.setUint16(8, onDisk, true);
      v.setUint16(10, total, true);
      v.setUint32(12, directorySize, true);
      v.setUint32(16, z64 ? 0xffffffff : directoryAt, true);
    }),
  );
  const out = new Uint8Array(offset);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

const CONTENT_TYPES = deflated('[Content_Types].xml', '<?xml version="1.0"?><Types/>');

/** A workbook's parts whose sheet is a bomb of `mb` MB, declaring `declared` bytes. */
function bombParts(mb: number, declared = mb * MB): Part[] {
  const body = deflatedSpaces(mb);
  return [CONTENT_TYPES, { name: 'xl/worksheets/sheet1.xml', method: 8, body, size: declared, crc: 0 }];
}

const parse = (bytes: Uint8Array) => parseReportFile({ name: 'report.xlsx', bytes: bytes.slice().buffer });

async function report(lines: number): Promise<Uint8Array> {
  const rows: Value[][] = [['Transaction List by Date'], [], ['Date', 'Transaction Type', 'Num', 'Name', 'Amount']];
  for (let i = 0; i < lines; i++)
    rows.push([{ date: '2026-11-03' }, 'Invoice', String(1000 + i), `Customer ${i}`, { money: i + 0.25 }]);
  return new Uint8Array(await (await toXlsx(rows)).arrayBuffer());
}

/** The same workbook's parts, deflated again, for laying out as another writer would. */
function partsOf(workbook: Uint8Array): Part[] {
  return Object.entries(unzipSync(workbook)).map(([name, data]) => ({
    name,
    method: 8,
    body: deflateRawSync(data),
    size: data.length,
    crc: crc32(data),
  }));
}

describe('the import refuses a zip bomb, ZIP64 or not, before holding it', () => {
  it('a ZIP64 file whose classic end record counts no entry (the 184 kB file that passed as 0 bytes): refused, not inflated', async () => {
    const bomb = zipOf(bombParts(101), { zip64: true, classic: { onDisk: 0xffff, total: 0 } });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const parsed = await parse(bomb);
    expect(parsed).toEqual({ kind: 'error', message: 'This Excel file is damaged: it could not be unzipped.' });
  });

  it('a well-formed ZIP64 bomb declaring 101 MB: too large, from its ZIP64 sizes, before any inflating', async () => {
    const bomb = zipOf(bombParts(101), { zip64: true });
    const directory = readZipDirectory(bomb);
    expect(directory.kind === 'ok' && directory.entries.map((e) => e.size)).toEqual([CONTENT_TYPES.size, 101 * MB]);
    expect(await parse(bomb)).toEqual({
      kind: 'error',
      message: 'This Excel file is too large to import once unzipped.',
    });
  });

  it('a bomb whose headers declare 1 kB: inflating stops at the declared size, whatever the stream holds', async () => {
    // 2 GB of spaces behind a 1 kB header: inflated whole, it would not fit this test's memory or time.
    const lying = bombParts(2048, 1024);
    for (const layout of [{}, { zip64: true }]) {
      const bomb = zipOf(lying, layout);
      expect(bomb.length).toBeLessThan(4 * MB);
      expect(unzipCapped(bomb, () => true, MAX_XLSX_UNZIPPED_BYTES)).toEqual({ kind: 'tooLarge' });
      expect(await parse(bomb)).toMatchObject({ message: 'This Excel file is too large to import once unzipped.' });
    }
  });

  it('caps the total of the parts taken, not each part: three honest parts of 1 MB under a cap of 2.5 MB', () => {
    const body = deflatedSpaces(1);
    const parts = ['a', 'b', 'c'].map((n) => ({ name: `xl/${n}.xml`, method: 8, body, size: MB, crc: 0 }));
    const cap = 2.5 * MB;
    expect(unzipCapped(zipOf(parts), () => true, cap)).toEqual({ kind: 'tooLarge' });
    const two = unzipCapped(zipOf(parts), (name) => name !== 'xl/c.xml', cap);
    expect(two.kind === 'ok' && Object.values(two.files).map((f) => [f.length, f.every((b) => b === 0x20)])).toEqual([
      [MB, true],
      [MB, true],
    ]);
  });

  it('a stream that ends short of its declared size, or two directories that disagree: damaged', () => {
    const short = zipOf([{ ...bombParts(1)[1]!, size: 2 * MB }]);
    expect(unzipCapped(short, () => true, MAX_XLSX_UNZIPPED_BYTES)).toEqual({ kind: 'damaged' });
    const counts = zipOf([CONTENT_TYPES], { classic: { onDisk: 1, total: 0 } });
    expect(readZipDirectory(counts)).toEqual({ kind: 'damaged' });
  });
});

describe('the import still reads a real workbook', () => {
  it('an .xlsx as Excel writes it', async () => {
    const parsed = await parse(await report(3));
    if (parsed.kind !== 'report') throw new Error(parsed.message);
    const lines = linesOf(parsed, parsed.mapping);
    expect(lines.kind === 'lines' && lines.lines.map((l) => l.shown.number)).toEqual(['1000', '1001', '1002']);
  });

  it('the same workbook written as ZIP64 (as some writers do for every file) reads the same lines', async () => {
    const workbook = await report(3);
    const asZip64 = zipOf(partsOf(workbook), { zip64: true });
    expect(readZipDirectory(asZip64)).toMatchObject({ kind: 'ok' });
    const parsed = await parse(asZip64);
    if (parsed.kind !== 'report') throw new Error(parsed.message);
    const lines = linesOf(parsed, parsed.mapping);
    expect(lines.kind === 'lines' && lines.lines.map((l) => [l.shown.number, l.shown.amount])).toEqual([
      ['1000', '0.25'],
      ['1001', '1.25'],
      ['1002', '2.25'],
    ]);
  });
});
