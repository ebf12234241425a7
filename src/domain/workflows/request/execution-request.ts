import { sessionIdProblem } from './session-id';
import { tagListProblem } from './tags';
import { decodeFileUrl } from '@/domain/files/file-url';
import { characterCount, grouped } from './text-measure';

/** What the launcher form holds, as typed. */
export interface LaunchForm {
  userInput: string;
  tags: readonly string[];
  sessionId: string;
  /** The file_url of an uploaded file (attached, or pasted): what real servers take as a file. */
  fileName: string;
}

/**
 * The start body (propagate_headers is added by the API client's header seam). The seed calls the file field
 * `file_name`; real servers read `file_names` (and the legacy `file_name`) as URLs of uploaded files.
 */
export interface ExecutionBody {
  user_input?: string;
  tags?: string[];
  session_id?: string;
  file_names?: string[];
}

export const launchLimits = { userInput: 100_000 } as const;

export type LaunchField = keyof LaunchForm;
export interface LaunchProblem {
  field: LaunchField;
  message: string;
}

const hasText = (text: string) => text.trim() !== '';

/**
 * The body to send: only what the user set, since every field is optional and an omitted one has a meaning
 * on the server (no input: the workflow's own start; no session: the execution id). The input is sent as
 * typed, leading spaces and all (it may be code or YAML); a blank one is not sent. Ids and names are trimmed.
 */
export function executionBody(form: LaunchForm): ExecutionBody {
  const sessionId = form.sessionId.trim();
  const fileUrl = form.fileName.trim();
  return {
    ...(hasText(form.userInput) ? { user_input: form.userInput } : {}),
    ...(form.tags.length > 0 ? { tags: [...form.tags] } : {}),
    ...(sessionId ? { session_id: sessionId } : {}),
    ...(fileUrl ? { file_names: [fileUrl] } : {}),
  };
}

/**
 * Why the file field (already trimmed) cannot be sent, or null. A real server accepts any text, then fails the
 * run in the background when it is not the URL of an uploaded file: said here, before anything is started.
 */
export function fileNameProblem(fileUrl: string): string | null {
  if (fileUrl === '' || decodeFileUrl(fileUrl)) return null;
  const shown = characterCount(fileUrl) > 60 ? `${[...fileUrl].slice(0, 60).join('')}…` : fileUrl;
  return `“${shown}” is not the URL of an uploaded file. Attach the file (it is uploaded first), or paste the file URL an upload returned.`;
}

/** Everything that stops a launch, one problem per field at most, in the form's order. */
export function launchProblems(form: LaunchForm): LaunchProblem[] {
  const problems: LaunchProblem[] = [];
  const inputLength = characterCount(form.userInput);
  if (inputLength > launchLimits.userInput) {
    const message = `The input is ${grouped(inputLength)} characters; at most ${grouped(launchLimits.userInput)}.`;
    problems.push({ field: 'userInput', message });
  }
  const tagMessage = tagListProblem(form.tags);
  if (tagMessage) problems.push({ field: 'tags', message: tagMessage });
  const sessionMessage = sessionIdProblem(form.sessionId.trim());
  if (sessionMessage) problems.push({ field: 'sessionId', message: sessionMessage });
  const fileMessage = fileNameProblem(form.fileName.trim());
  if (fileMessage) problems.push({ field: 'fileName', message: fileMessage });
  return problems;
}
