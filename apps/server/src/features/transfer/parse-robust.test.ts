// Whatever bytes arrive, parseFile either reads them or refuses them with a FileFormatError (a Chinese 400 on
// the job), never another exception (a 500 or a dead worker): properties over GIFT- and XML-like text and over
// damaged xlsx archives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excelTemplate, serializeXlsx } from './excel.js';
import { collect } from './parse-test-kit.js';
import { FileFormatError } from './transfer-model.js';

/** Resolves when parseFile read the bytes or refused them as a FileFormatError; rejects on anything else. */
async function readsOrRefuses(format: 'gift' | 'moodle' | 'xlsx', data: Buffer): Promise<void> {
  await collect(format, data, { limits: { maxItems: 1000 } }).catch((e: unknown) => {
    if (!(e instanceof FileFormatError)) throw e;
  });
}

const GIFT_TOKENS = [
  '::',
  '{',
  '}',
  '=',
  '~',
  '%50%',
  '%-',
  '#',
  '####',
  '\\',
  '\n',
  '\n\n',
  '//',
  '[tag:',
  ']',
  '$CATEGORY:',
  '[html]',
  '[plain]',
  'T',
  'a',
  '中',
  '<b>',
  '&#233;',
  '&#0;',
  '->',
  '\r',
  ' ',
  '\0',
];
const XML_TOKENS = [
  '<quiz>',
  '</quiz>',
  '<question type="multichoice">',
  '<question type="truefalse">',
  '<question type="category">',
  '</question>',
  '<name>',
  '</name>',
  '<text>',
  '</text>',
  '<answer fraction="100">',
  '<answer fraction="x">',
  '</answer>',
  '<tags><tag>',
  '</tag></tags>',
  '<![CDATA[',
  ']]>',
  '<!DOCTYPE q>',
  '&amp;',
  '&#233;',
  '&#xD800;',
  '&lol;',
  '<!--',
  '-->',
  '<?xml version="1.0"?>',
  'a',
  '中',
  '<',
  '>',
  '"',
  '\0',
  '\n',
];

const text = (tokens: string[]) => fc.array(fc.constantFrom(...tokens), { maxLength: 60 }).map((t) => t.join(''));
const encodings = fc.constantFrom('utf8', 'utf16le', 'latin1') as fc.Arbitrary<BufferEncoding>;

describe('parseFile never fails but with a FileFormatError', () => {
  it('on GIFT-like text in any encoding', async () => {
    await fc.assert(
      fc.asyncProperty(text(GIFT_TOKENS), encodings, (t, enc) => readsOrRefuses('gift', Buffer.from(t, enc))),
      { numRuns: 300 },
    );
  });

  it('on XML-like text in any encoding', async () => {
    await fc.assert(
      fc.asyncProperty(text(XML_TOKENS), encodings, (t, enc) => readsOrRefuses('moodle', Buffer.from(t, enc))),
      { numRuns: 300 },
    );
  });

  it('on damaged xlsx archives (bytes changed or cut)', async () => {
    const files = [await excelTemplate(), (await serializeXlsx([])).data];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...files),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.option(fc.nat()),
        async (file, changes, cut) => {
          const data = Buffer.from(file);
          for (const [at, value] of changes) data[at % data.length] = value;
          await readsOrRefuses('xlsx', cut === null ? data : data.subarray(0, cut % data.length));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses a file that is no xlsx at all', async () => {
    await expect(collect('xlsx', Buffer.from('PK\u0003\u0004 not really'))).rejects.toThrow(FileFormatError);
  });
});
