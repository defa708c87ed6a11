/** Reading SQLite's write-ahead log from the outside, for tests of checkpoints. */
import fs from 'node:fs';

/** The log header's checkpoint sequence number, which SQLite increments each time the log starts over. */
export function checkpointSequence(walFile: string): number {
  const header = Buffer.alloc(32);
  const fd = fs.openSync(walFile, 'r');
  try {
    fs.readSync(fd, header, 0, 32, 0);
  } finally {
    fs.closeSync(fd);
  }
  return header.readUInt32BE(12);
}
