import type { ElementContent } from 'hast';

/** To the highlighter worker: tokenise `code` with `grammar` (a name `grammarFor` gave). */
export interface HighlightRequest {
  id: number;
  code: string;
  grammar: string;
}

/** From it: the lines as hast, or null when the grammar or the tokenising failed (the block stays plain). */
export interface HighlightReply {
  id: number;
  tokens: ElementContent[] | null;
}
