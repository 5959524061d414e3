// A secure upload read and checked whole (issue 16), for both backends: the form's fields by the
// route's schema, each agency and campaign within the caller's scope, the file's name by its
// extension, and its content by what it is. When the fields come before the file (as the console
// sends them) they are checked before the file is read, so a refused upload costs no upload.
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import * as messages from '../../../contract/messages';
import { fieldErrors } from '../../../contract/schemas/fieldErrors';
import { badRequest } from '../../http/errors';
import { readUploadForm } from '../../http/uploads';
import { cleanFileName, contentTypeOf, extensionOf } from './fileChecks';
import { assertShareTarget, type CheckedFile, type ShareTarget } from './secureReports';
import type { Database } from '../../db/client';

export interface UploadRules<F> {
  /** The form's text fields. */
  fields: z.ZodType<F>;
  /** The agencies and campaigns the fields name. */
  targetsOf: (fields: F) => ShareTarget[];
  /** The extensions a file's name may end in, and what a name ending otherwise is told. */
  extensions: readonly string[];
  wrongExtension: string;
}

/** 400 with the fields' lines; one line once, whichever fields share it ('Please select both ...'). */
function fieldsRefused(error: z.ZodError): Error {
  const errors = fieldErrors(error);
  return badRequest([...new Set(Object.values(errors).flat())].join('\n'), errors);
}

const once = (targets: ShareTarget[]): ShareTarget[] =>
  [...new Map(targets.map((target) => [`${target.agencyId}:${target.campaignId}`, target])).values()];

/** The upload's fields, its agency and campaign pairs (each once) and its checked file; refusals are 4xx. */
export async function readSecureUpload<F>(
  db: Database, request: FastifyRequest, rules: UploadRules<F>,
): Promise<{ fields: F; targets: ShareTarget[]; file: CheckedFile }> {
  const check = async (raw: Record<string, string>, fileName: string | undefined) => {
    const parsed = rules.fields.safeParse(raw);
    if (!parsed.success) throw fieldsRefused(parsed.error);
    const targets = once(rules.targetsOf(parsed.data));
    for (const target of targets) await assertShareTarget(db, request.caller.scope, target);
    if (fileName !== undefined && !rules.extensions.includes(extensionOf(cleanFileName(fileName)))) {
      throw badRequest(rules.wrongExtension, { file: [rules.wrongExtension] });
    }
    return { fields: parsed.data, targets };
  };

  const form = await readUploadForm(request, async (fieldsSoFar, fileName) => {
    // Fields that are not all there yet may follow the file: checked at the end then.
    if (rules.fields.safeParse(fieldsSoFar).success) await check(fieldsSoFar, fileName);
  });
  const { fields, targets } = await check(form.fields, form.file?.name);
  if (!form.file) throw badRequest(messages.secureFileRequired, { file: [messages.secureFileRequired] });
  if (form.file.size === 0) throw badRequest(messages.secureFileEmpty, { file: [messages.secureFileEmpty] });
  const name = cleanFileName(form.file.name);
  const mime = await contentTypeOf(form.file.bytes, extensionOf(name));
  return { fields, targets, file: { name, mime, bytes: form.file.bytes, size: form.file.size, sha256: form.file.sha256 } };
}
