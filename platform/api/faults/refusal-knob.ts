// Test knob: in-band refusals for one conversation or one person, so a test sees a budget, token-limit or rate-limit
// refusal without touching anyone else's calls:
// POST /__test/refusal?conversation=<id>|user=<username>&code=<execution_error> (code=off clears it).
// Real servers refuse such a call in band: HTTP 200, part of the answer may already have streamed, then a final
// chunk whose `generated` is the server's error text and whose `execution_error` names the limit
// (CURRENT-SERVERS.md, Corrections).
import { tokenize } from '../../assistants/script';
import { StepList, type ScriptedRun } from '../../assistants/steps';

/** The server's own words for the codes the knob is usually given (any other code gets a generic text). */
const serverTexts: Readonly<Record<string, string>> = {
  budget_exceeded: 'Budget has been exceeded! Current cost: 10.0042, Max budget: 10.0',
  token_limit_exceeded:
    "This model's maximum context length is 128000 tokens. Please reduce the length of the messages.",
  rate_limit_exceeded: 'Rate limit reached for requests. Please try again in 60s.',
};

export class RefusalKnob {
  private readonly codes = new Map<string, string>();

  /** Refuses every assistant call in a conversation, or of a person, with `code` from now on; null lifts it. */
  set(scope: { conversation: string } | { user: string }, code: string | null): void {
    const key = 'conversation' in scope ? `conversation:${scope.conversation}` : `user:${scope.user}`;
    if (code === null) this.codes.delete(key);
    else this.codes.set(key, code);
  }

  /** The code a call is refused with: its conversation's, else its person's. */
  codeFor(user: string, conversationId: string | undefined): string | undefined {
    return (
      (conversationId ? this.codes.get(`conversation:${conversationId}`) : undefined) ?? this.codes.get(`user:${user}`)
    );
  }
}

/** A run refused part way: the first words of an answer, then the refusal as the final chunk. */
export function refusalRun(code: string, question: string): ScriptedRun {
  const partial = `Here is what I found about ${tokenize(question).slice(0, 6).join('').trim() || 'this'}: the first part of`;
  return new StepList()
    .tokens(partial, 1)
    .wait(2)
    .last(serverTexts[code] ?? `The request was refused (${code}).`, { execution_error: code })
    .chunk({ last: true, success: false, tool_errors: [] })
    .run();
}
