// A secure upload read and checked whole (issue 16), for both backends: the form's fields by the
// route's schema, each agency and campaign within the caller's scope, the file's name by its
// extension, and its content by what it is. When the fields come before the file (as the console
// sends them) they are checked before the file is read, so a refused upload costs no upload. The
// route hands in the form's reader (http/uploads.ts readUploadForm on its request).
import type { z } from 'zod';
import * as messages from '../../../contract/messages';
import type { RoleScope } from '../../../contract/roles';
import { fieldErrors } from '../../../contract/schemas/fieldErrors';
import { Invalid } from '../errors';
import type { ReadUploadForm } from '../uploadForm';
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

/** Invalid with the fields' lines; one line once, whichever fields share it ('Please select both ...'). */
function fieldsRefused(error: z.ZodError): Error {
  const errors = fieldErrors(error);
  return new Invalid([...new Set(Object.values(errors).flat())].join('\n'), errors);
}

const once = (targets: ShareTarget[]): ShareTarget[] =>
  [...new Map(targets.map((target) => [`${target.agencyId}:${target.campaignId}`, target])).values()];

/** The upload's fields, its agency and campaign pairs (each once) and its checked file; refusals are 4xx. */
export async function readSecureUpload<F>(
  db: Database, scope: RoleScope, readForm: ReadUploadForm, rules: UploadRules<F>,
): Promise<{ fields: F; targets: ShareTarget[]; file: CheckedFile }> {
  const check = async (raw: Record<string, string>, fileName: string | undefined) => {
    const parsed = rules.fields.safeParse(raw);
    if (!parsed.success) throw fieldsRefused(parsed.error);
    const targets = once(rules.targetsOf(parsed.data));
    for (const target of targets) await assertShareTarget(db, scope, target);
    if (fileName !== undefined && !rules.extensions.includes(extensionOf(cleanFileName(fileName)))) {
      throw new Invalid(rules.wrongExtension, { file: [rules.wrongExtension] });
    }
    return { fields: parsed.data, targets };
  };

  const form = await readForm(async (fieldsSoFar, fileName) => {
    // Fields that are not all there yet may follow the file: checked at the end then.
    if (rules.fields.safeParse(fieldsSoFar).success) await check(fieldsSoFar, fileName);
  });
  const { fields, targets } = await check(form.fields, form.file?.name);
  if (!form.file) throw new Invalid(messages.secureFileRequired, { file: [messages.secureFileRequired] });
  if (form.file.size === 0) throw new Invalid(messages.secureFileEmpty, { file: [messages.secureFileEmpty] });
  const name = cleanFileName(form.file.name);
  const mime = await contentTypeOf(form.file.bytes, extensionOf(name));
  return { fields, targets, file: { name, mime, bytes: form.file.bytes, size: form.file.size, sha256: form.file.sha256 } };
}
