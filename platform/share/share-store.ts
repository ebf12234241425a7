// Conversation shares (current servers, CURRENT-SERVERS.md §4): a token that lets any signed-in person read one
// conversation, and the files its history names through that token (the share grant).
import { randomBytes } from 'node:crypto';
import type { Conversation } from '../conversations/types';
import { naiveTimestamp } from '../conversations/timestamps';

export interface Share {
  token: string;
  conversationId: string;
  ownerId: string;
  createdAt: string;
}

export class ShareStore {
  private readonly byToken = new Map<string, Share>();

  /** One share per conversation, as real servers keep it: sharing again answers the same token. */
  create(conversation: Conversation): Share {
    const existing = [...this.byToken.values()].find((share) => share.conversationId === conversation.id);
    if (existing) return existing;
    const share: Share = {
      token: randomBytes(24).toString('base64url'),
      conversationId: conversation.id,
      ownerId: conversation.ownerId,
      createdAt: naiveTimestamp(),
    };
    this.byToken.set(share.token, share);
    return share;
  }

  find(token: string): Share | undefined {
    return this.byToken.get(token);
  }
}

/** The bare file tokens a conversation's history names (its attachments). */
export const fileTokensOf = (conversation: Conversation): string[] => [
  ...new Set(conversation.history.flatMap((item) => item.fileNames)),
];
