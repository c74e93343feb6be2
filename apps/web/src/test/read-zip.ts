// A ZIP archive read back by a real reader, yauzl (the server's, in the root node_modules), for tests of what the web
// writes as ZIP (src/app/zip-store.ts): it checks the end record, the central directory, each local header and each
// entry's size, and decodes a name as UTF-8 only when the entry's flag says so.
import yauzl, { type Entry } from 'yauzl';

export interface ReadEntry {
  entry: Entry;
  data: Buffer;
}

/** Every entry of the archive with its bytes, through yauzl's strict checks (names, sizes, local headers). */
export function readZip(zip: Buffer): Promise<ReadEntry[]> {
  return new Promise((resolve, reject) => {
    const options = { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true };
    yauzl.fromBuffer(zip, options, (err, file) => {
      if (err) return reject(err);
      const read: ReadEntry[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(read));
      file.on('entry', (entry: Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            read.push({ entry, data: Buffer.concat(chunks) });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}
