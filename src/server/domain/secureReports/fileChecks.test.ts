import { describe, expect, it } from 'vitest';
import * as messages from '../../../contract/messages';
import { uploadContentMismatch } from '../../../contract/messages';
import { cleanFileName, contentTypeOf, extensionOf, FILE_NAME_MAX } from './fileChecks';

describe('cleanFileName', () => {
  it.each([
    ['payments.csv', 'payments.csv'],
    ['C:\\Users\\ama\\Desktop\\payments.csv', 'payments.csv'],
    ['../../etc/passwd', 'passwd'],
    ['pay\u0000me\u0007nts\r\n.csv', 'payments.csv'],
    ['invoice\u202Evsc.exe', 'invoicevsc.exe'],
    ['  spaced.csv  ', 'spaced.csv'],
    ['dir/', 'file'],
    ['\u0001', 'file'],
  ])('%j is kept as %j', (name, kept) => {
    expect(cleanFileName(name)).toBe(kept);
  });

  it(`keeps at most ${FILE_NAME_MAX} characters, the extension included`, () => {
    const kept = cleanFileName(`${'é'.repeat(500)}.csv`);
    expect([...kept]).toHaveLength(FILE_NAME_MAX);
    expect(kept.endsWith('é.csv')).toBe(true);
  });

  it('reads the extension in lower case', () => {
    expect([extensionOf('Totals.XLSX'), extensionOf('noextension'), extensionOf('a.b.csv')]).toEqual(['.xlsx', '', '.csv']);
  });
});

describe('contentTypeOf', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);

  it('takes UTF-8 text as a CSV, with or without its byte order mark', async () => {
    expect(await contentTypeOf(Buffer.from('name,amount\nAma Mensah,12.50\nKwame Nkrumah,3\n'), '.csv')).toBe('text/csv');
    expect(await contentTypeOf(Buffer.from('\uFEFFnom,montant\nAdjoa,€ 4\n'), '.csv')).toBe('text/csv');
  });

  it('refuses a CSV that is not text, naming what it is when file-type knows it', async () => {
    await expect(contentTypeOf(png, '.csv')).rejects.toMatchObject({ code: 'unsupported_media_type', message: uploadContentMismatch('.csv', 'a PNG image') });
    await expect(contentTypeOf(Buffer.from('a,b\n\u0000'), '.csv')).rejects.toMatchObject({ code: 'unsupported_media_type', message: messages.secureFileNotText });
    await expect(contentTypeOf(Buffer.from([0x61, 0x2c, 0xff, 0xfe, 0x0a]), '.csv')).rejects.toMatchObject({ code: 'unsupported_media_type', message: messages.secureFileNotText });
  });

  it('takes a PDF named .pdf, and nothing else under that name', async () => {
    expect(await contentTypeOf(Buffer.from('%PDF-1.7\n%%EOF\n'), '.pdf')).toBe('application/pdf');
    await expect(contentTypeOf(Buffer.from('a,b\n'), '.pdf')).rejects.toMatchObject({ code: 'unsupported_media_type', message: uploadContentMismatch('.pdf', 'plain text') });
    await expect(contentTypeOf(Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00]), '.xlsx')).rejects.toMatchObject({
      code: 'unsupported_media_type', message: uploadContentMismatch('.xlsx', 'binary data of an unknown type'),
    });
  });

  it('answers 415 for a damaged archive instead of failing', async () => {
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40, 0xff)]);
    await expect(contentTypeOf(damaged, '.xlsx')).rejects.toMatchObject({ code: 'unsupported_media_type' });
    await expect(contentTypeOf(damaged, '.csv')).rejects.toMatchObject({ code: 'unsupported_media_type' });
  });
});
