const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type IdCheck = { ok: true; id: string } | { ok: false; message: string };

/** Checks what a person typed as an assistant (or workflow) id: the API takes a UUID and nothing else. */
export function checkAssistantId(input: string, what: 'assistant' | 'workflow' = 'assistant'): IdCheck {
  const id = input.trim();
  if (id === '') return { ok: false, message: `Enter ${what === 'assistant' ? 'an' : 'a'} ${what} ID.` };
  if (/\s/.test(id)) return { ok: false, message: `${what === 'assistant' ? 'An' : 'A'} ${what} ID has no spaces.` };
  if (!uuidPattern.test(id)) {
    const hint =
      id.length === 36
        ? 'it contains characters other than 0-9, a-f and dashes'
        : `it has ${id.length} characters, a UUID has 36`;
    return {
      ok: false,
      message: `“${id.length > 60 ? `${id.slice(0, 57)}…` : id}” is not a UUID (${hint}). Expected the form 1b4e28ba-2fa1-11d2-883f-0016d3cca427.`,
    };
  }
  return { ok: true, id: id.toLowerCase() };
}

export const checkWorkflowId = (input: string): IdCheck => checkAssistantId(input, 'workflow');
