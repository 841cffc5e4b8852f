import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readZipEntries } from './jar-protos';

interface Entry {
  name: string;
  data: Buffer;
  /** The unpacked size the central directory states; the real one unless a test lies. */
  declared?: number;
}

/** A zip archive of deflated entries, each stating the size it is given. */
function deflatedZip(entries: Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const packed = deflateRawSync(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.declared ?? e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(e.declared ?? e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

describe('readZipEntries', () => {
  it('reads the deflated entries it is asked for', () => {
    const zip = deflatedZip([
      { name: 'a.proto', data: Buffer.from('syntax = "proto3";\n') },
      { name: 'B.class', data: Buffer.from([0xca, 0xfe]) },
    ]);
    expect(readZipEntries(zip, (n) => n.endsWith('.proto')).map((e) => [e.name, e.data.toString()])).toEqual([['a.proto', 'syntax = "proto3";\n']]);
  });

  it('skips an entry that unpacks past its stated size (a zip bomb) or states one over the limit, and reads the others', () => {
    const zip = deflatedZip([
      { name: 'bomb.proto', data: Buffer.alloc(32 * 1024 * 1024), declared: 100 },
      { name: 'huge.proto', data: Buffer.from('x'), declared: 0xffffffff },
      { name: 'ok.proto', data: Buffer.from('message M {}\n') },
    ]);
    expect(readZipEntries(zip, () => true).map((e) => [e.name, e.data.length])).toEqual([['ok.proto', 13]]);
  });
});
