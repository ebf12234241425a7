// The in-memory conversation store: one map of conversations, each owned by one user.
// Lookups answer as real servers do: reads of an unknown id 404, writes 500 (an unhandled KeyError),
// someone else's conversation 401 "Access denied".
import { randomUUID } from 'node:crypto';
import type { Principal } from '../api/auth';
import { ApiError } from '../api/errors';
import { unhandledError } from '../api/unhandled-error';
import { naiveTimestamp } from './timestamps';
import type { Conversation } from './types';
import type { InProgressCasing, ServerGeneration } from '../generation';

export const accessHelp = 'Please ensure you have the correct permissions or contact the conversation owner.';

export const conversationNotFound = (id: string): ApiError =>
  new ApiError(
    404,
    'Conversation not found',
    `The conversation with ID [${id}] could not be found in the system.`,
    'Please check the conversation ID and try again.',
  );

export const accessDenied = (id: string): ApiError =>
  new ApiError(401, 'Access denied', `You don't have permission to access conversation ${id}.`, accessHelp);

/** Python's KeyError text for an id `get_by_id` did not find. */
export const missingId = (id: string): ApiError => unhandledError(`KeyError: '${id}'`);

export interface NewConversation {
  id?: string;
  name?: string | null;
  initialAssistantId?: string | null;
  folder?: string | null;
  isWorkflow?: boolean;
  mcpServerSingleUsage?: boolean;
}

export class ConversationStore {
  private readonly byId = new Map<string, Conversation>();

  /** `server`: which generation's conversation shape the routes answer with. */
  constructor(
    readonly server: ServerGeneration = 'current',
    private readonly inProgressCasing: InProgressCasing = 'snake',
  ) {}

  find(id: string): Conversation | undefined {
    return this.byId.get(id);
  }

  /** For routes whose unknown id answers 404 (GET one conversation). */
  readable(principal: Principal, id: string): Conversation {
    const found = this.byId.get(id);
    if (!found) throw conversationNotFound(id);
    return this.owned(principal, found);
  }

  /** For routes whose unknown id reaches the generic 500 (updates, deletes, history edits). */
  writable(principal: Principal, id: string): Conversation {
    const found = this.byId.get(id);
    if (!found) throw missingId(id);
    return this.owned(principal, found);
  }

  create(principal: Principal, fields: NewConversation): Conversation {
    const conversation = this.draft(principal, fields);
    this.byId.set(conversation.id, conversation);
    return conversation;
  }

  /** A conversation as it would be created, not stored. */
  draft(principal: Principal, fields: NewConversation): Conversation {
    return {
      id: fields.id ?? randomUUID(),
      ownerId: principal.userId,
      ownerName: principal.name,
      name: fields.name ?? null,
      llmModel: null,
      enableImageGeneration: false,
      imageGenerationModel: null,
      folder: fields.folder ?? null,
      pinned: false,
      history: [],
      assistantIds: fields.initialAssistantId ? [fields.initialAssistantId] : [],
      initialAssistantId: fields.initialAssistantId ?? null,
      isWorkflow: fields.isWorkflow ?? false,
      mcpServerSingleUsage: fields.mcpServerSingleUsage ?? false,
      date: naiveTimestamp(),
      updateDate: null,
      revision: nextRevision(),
      server: this.server,
      inProgressCasing: this.inProgressCasing,
    };
  }

  /** The user's conversations, most recently changed first (COALESCE(update_date, date) DESC); pinned ones are not moved. */
  listFor(userId: string): Conversation[] {
    const changed = (item: Conversation) => item.updateDate ?? item.date;
    return [...this.byId.values()]
      .filter((item) => item.ownerId === userId)
      .sort((a, b) => changed(b).localeCompare(changed(a)) || b.revision - a.revision);
  }

  delete(id: string): void {
    this.byId.delete(id);
  }

  clearFor(userId: string): void {
    for (const item of this.listFor(userId)) this.byId.delete(item.id);
  }

  private owned(principal: Principal, conversation: Conversation): Conversation {
    if (conversation.ownerId !== principal.userId) throw accessDenied(conversation.id);
    return conversation;
  }
}

let revisions = 0;
const nextRevision = (): number => (revisions += 1);

/** Marks a change: sets update_date, which orders the list. */
export const touch = (conversation: Conversation): void => {
  conversation.updateDate = naiveTimestamp();
  conversation.revision = nextRevision();
};
