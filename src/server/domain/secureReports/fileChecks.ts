// What a secure report's file is, read from its content and never from its name (issue 16): a file
// named .csv must be UTF-8 text that no binary format claims; a .pdf must be a PDF, a .xlsx an Excel
// workbook. Its name is kept cleaned: no path, no control characters, at most FILE_NAME_MAX.
import { isUtf8 } from 'node:buffer';
import { fileTypeFromBuffer } from 'file-type';
import * as messages from '../../../contract/messages';
import { uploadContentMismatch } from '../../../contract/messages';
import { UnsupportedMedia } from '../errors';

export const FILE_NAME_MAX = 200;

/** The types file-type tells apart that an admin is likely to meet, as a person would name them. */
const NAMED_TYPES: Record<string, string> = {
  png: 'a PNG image', jpg: 'a JPEG image', gif: 'a GIF image', webp: 'a WebP image', bmp: 'a BMP image', tif: 'a TIFF image',
  heic: 'a HEIC photo', pdf: 'a PDF document', zip: 'a ZIP archive', gz: 'a gzip archive', '7z': 'a 7-Zip archive', rar: 'a RAR archive',
  xlsx: 'an Excel spreadsheet', docx: 'a Word document', pptx: 'a PowerPoint presentation', cfb: 'an old Office document (.xls, .doc)',
  odt: 'an OpenDocument text', ods: 'an OpenDocument spreadsheet', exe: 'a Windows program', elf: 'a Linux program',
  mp3: 'an MP3 recording', mp4: 'an MP4 video', sqlite: 'an SQLite database', xml: 'an XML document',
};

/** The extension a cleaned name ends in, lower case with its dot ('.csv'); '' without one. */
export const extensionOf = (name: string): string => /\.[^.]+$/.exec(name)?.[0].toLowerCase() ?? '';

/**
 * The name to keep: the last part of any path (browsers on Windows may send 'C:\\...\\file.csv'),
 * without control characters or the direction overrides that make 'gpj.exe' read 'exe.jpg',
 * trimmed, at most FILE_NAME_MAX characters with its extension kept.
 */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  if (!base) return 'file';
  if ([...base].length <= FILE_NAME_MAX) return base;
  const extension = /\.[^.]{1,10}$/.exec(base)?.[0] ?? '';
  return [...base].slice(0, FILE_NAME_MAX - extension.length).join('') + extension;
}

/** What the content is, as a person would say it after 'its content is'. */
async function describeContent(bytes: Buffer): Promise<{ ext: string | undefined; mime: string | undefined; text: boolean; described: string }> {
  // A damaged archive can make file-type throw: it is then no type it knows.
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (type) return { ...type, text: false, described: NAMED_TYPES[type.ext] ?? `a ${type.ext.toUpperCase()} file (${type.mime})` };
  const text = isUtf8(bytes) && !bytes.includes(0);
  return { ext: undefined, mime: undefined, text, described: text ? 'plain text' : 'binary data of an unknown type' };
}

const mismatch = (extension: string, found: string) => new UnsupportedMedia(uploadContentMismatch(extension, found));

/**
 * Checks a non-empty file's content against the extension of its name and answers the MIME type to
 * store; 415 when they disagree. A CSV is text: any binary format file-type recognises, invalid
 * UTF-8 or a NUL byte is refused.
 */
export async function contentTypeOf(bytes: Buffer, extension: string): Promise<string> {
  const content = await describeContent(bytes);
  if (extension === '.csv') {
    if (content.ext) throw mismatch(extension, content.described);
    if (!content.text) throw new UnsupportedMedia(messages.secureFileNotText);
    return 'text/csv';
  }
  const expected = extension.slice(1);
  if (content.ext !== expected || !content.mime) throw mismatch(extension, content.described);
  return content.mime;
}
