// A multipart form as the server receives it: http/uploads.ts reads one off the request, and the
// domain checks it (secureReports/uploads.ts) without knowing how it arrived.

export interface UploadedFile {
  /** As the client named it; clean it before keeping it. */
  name: string;
  bytes: Buffer;
  size: number;
  sha256: string;
}

export interface UploadForm {
  fields: Record<string, string>;
  file: UploadedFile | undefined;
}

/**
 * Reads the form. `beforeFile` runs when the file starts, with the fields sent before it, so a
 * refusal it throws costs no upload.
 */
export type ReadUploadForm = (beforeFile?: (fields: Record<string, string>, fileName: string) => Promise<void>) => Promise<UploadForm>;
