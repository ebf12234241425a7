// Test knob: a project's model allow-list for one conversation (CURRENT-SERVERS.md §7, [P]): a call whose model the
// project does not allow fails before streaming with 400, and one with no model asked for, whose assistant's default
// is not allowed either, with 500 ("no default"); both as ordinary {error:{message,details,help}} bodies.
// POST /__test/model-allow-list?conversation=<id>&models=<a,b>|off
import { ApiError } from '../errors';

export class ModelAllowList {
  private readonly byConversation = new Map<string, readonly string[]>();

  set(conversationId: string, models: readonly string[] | null): void {
    if (models === null) this.byConversation.delete(conversationId);
    else this.byConversation.set(conversationId, models);
  }

  /** Refuses a call whose model the conversation's project does not allow; `asked`: the call named a model. */
  check(conversationId: string | undefined, model: string, asked: boolean): void {
    const allowed = conversationId === undefined ? undefined : this.byConversation.get(conversationId);
    if (!allowed || allowed.includes(model)) return;
    const list = allowed.length ? `This project allows: ${allowed.join(', ')}.` : 'This project allows no model.';
    if (asked)
      throw new ApiError(
        400,
        `Model '${model}' is not allowed in this project`,
        list,
        'Choose one of the allowed models, or ask a project administrator to allow this one.',
      );
    throw new ApiError(
      500,
      'No default model is available for this project',
      `The assistant's model '${model}' is not allowed. ${list}`,
      'Choose an allowed model for this chat, or ask a project administrator to set a default.',
    );
  }
}
