import { sessionIdProblem } from './session-id';
import { tagListProblem } from './tags';
import { characterCount, firstControlCharacter, grouped } from './text-measure';

/** What the launcher form holds, as typed. */
export interface LaunchForm {
  userInput: string;
  tags: readonly string[];
  sessionId: string;
  fileName: string;
}

/** The start body of the seed (propagate_headers is added by the API client's header seam). */
export interface ExecutionBody {
  user_input?: string;
  tags?: string[];
  session_id?: string;
  file_name?: string;
}

export const launchLimits = { userInput: 100_000, fileName: 255 } as const;

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
  const fileName = form.fileName.trim();
  return {
    ...(hasText(form.userInput) ? { user_input: form.userInput } : {}),
    ...(form.tags.length > 0 ? { tags: [...form.tags] } : {}),
    ...(sessionId ? { session_id: sessionId } : {}),
    ...(fileName ? { file_name: fileName } : {}),
  };
}

/** Why a file name (already trimmed) cannot be sent, or null. */
export function fileNameProblem(fileName: string): string | null {
  const length = characterCount(fileName);
  if (length > launchLimits.fileName) return `The file name is ${length} characters; at most ${launchLimits.fileName}.`;
  const separator = /[/\\]/.exec(fileName);
  if (separator) return `Give the file name without folders (“${separator[0]}” at position ${separator.index + 1}).`;
  if (fileName === '.' || fileName === '..') return `“${fileName}” is not a file name.`;
  const control = firstControlCharacter(fileName);
  if (control) return `The file name has a control character (${control}).`;
  return null;
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
