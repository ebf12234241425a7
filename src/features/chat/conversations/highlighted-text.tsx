import { Fragment } from 'react';
import type { TextPart } from '@/domain/conversations/search/snippet';

/** Text with the words a search matched marked, as the search found them. */
export function HighlightedText({ parts }: { parts: readonly TextPart[] }) {
  return parts.map((part, at) =>
    part.match ? <mark key={at}>{part.text}</mark> : <Fragment key={at}>{part.text}</Fragment>,
  );
}
