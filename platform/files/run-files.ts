// Current servers check a workflow run's `file_names` when it starts, before anything is stored (CURRENT-SERVERS.md
// §7, EPMCDME-15559): at most 20, each an upload token (not a bare name) whose path is safe and which the caller could
// download (their own upload). A 400 names the file and says why. 2.42 servers take any value and fail the run later.
import { ApiError } from '../api/errors';
import { decodeFileUrl, InvalidFileUrl } from './file-url';

export const maxRunFiles = 20;

const refuse = (message: string, details: string, help: string): ApiError => new ApiError(400, message, details, help);

/** A name that could leave the owner's folder: a separator, a parent step, a NUL, or nothing at all. */
const unsafePath = (name: string): boolean =>
  name.trim() === '' || /[/\\\0]/.test(name) || name === '.' || name === '..' || /^[a-zA-Z]:/.test(name);

/** Too many files: refused before the request's other checks, like the configurable limit of real servers. */
export function checkRunFileCount(names: unknown): void {
  if (!Array.isArray(names) || names.length <= maxRunFiles) return;
  throw refuse(
    `Too many files: at most ${maxRunFiles} may be attached to a run`,
    `${names.length} files were sent; the limit is ${maxRunFiles}.`,
    `Remove ${names.length - maxRunFiles} of the files, then start the run again.`,
  );
}

/** Each file of a run start, checked in order: the first one that cannot be used is refused by its name. */
export function checkRunFiles(names: readonly string[], callerId: string): void {
  for (const value of names) {
    let ref;
    try {
      ref = decodeFileUrl(value);
    } catch (error) {
      if (!(error instanceof InvalidFileUrl)) throw error;
      throw refuse(
        `File "${value}" is not an uploaded file`,
        `"${value}" is a bare name, not the token an upload returns (file_names takes the file_url of POST /v1/files/).`,
        'Upload the file, then start the run with the token the upload returned.',
      );
    }
    if (unsafePath(ref.name))
      throw refuse(
        `File "${ref.name}" has an unsafe path`,
        `The file name "${ref.name}" names a path outside the uploads (a separator, "..", or nothing).`,
        'Upload the file again under a plain name.',
      );
    if (ref.owner !== callerId)
      throw refuse(
        `File "${ref.name}" cannot be used by you`,
        `"${ref.name}" was uploaded by someone else: you could not download it, so a run cannot read it.`,
        'Choose the file again (upload your own copy), then start the run.',
      );
  }
}
