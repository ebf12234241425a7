import type { ReactNode } from 'react';
import { ListBoxItem, Text } from 'react-aria-components';
import type { CatalogMatch } from '@/domain/catalog/catalog-match';
import { CatalogAvatar, type CatalogItem } from './catalog-avatar';

/** A text with the part a search matched marked, when the match is in this text. */
function Marked({ text, range }: { text: string; range: CatalogMatch['range'] | undefined }) {
  if (!range) return text;
  const [start, end] = range;
  return (
    <>
      {text.slice(0, start)}
      <mark className="catalog-match">{text.slice(start, end)}</mark>
      {text.slice(end)}
    </>
  );
}

/** Why an item is offered when its name does not say it: a muted line above its description, read with it. */
function whyOffered(item: CatalogItem): ReactNode {
  const match = item.match;
  switch (match?.field) {
    case 'description':
      return 'Matches the description.';
    case 'slug':
      return (
        <>
          Matches the slug{' '}
          <code>
            <Marked text={item.slug ?? ''} range={match.range} />
          </code>
          .
        </>
      );
    case 'id':
      return (
        <>
          Matches the ID{' '}
          <code>
            <Marked text={item.id} range={match.range} />
          </code>
          .
        </>
      );
    case 'server':
      return 'Found by the server (not in its name or description).';
    default:
      return null;
  }
}

/** One item of a catalog's list: its icon, its whole name (wrapped, never cut), its description, why it matched. */
export function CatalogOption({ item }: { item: CatalogItem }) {
  const why = whyOffered(item);
  const { match } = item;
  return (
    <ListBoxItem id={item.id} textValue={item.name} className="catalog-option">
      <CatalogAvatar item={item} />
      <span className="catalog-option-text">
        <Text slot="label" className="catalog-option-name">
          <Marked text={item.name} range={match?.field === 'name' ? match.range : undefined} />
          {item.refused !== undefined ? (
            <span className="catalog-option-lock" aria-hidden="true">
              {' '}
              🔒
            </span>
          ) : null}
        </Text>
        {item.description || why || item.refused !== undefined ? (
          <Text slot="description" className="catalog-option-description">
            {item.refused !== undefined ? (
              <>
                <span className="catalog-option-refused">No access for you: {item.refused}</span>{' '}
              </>
            ) : null}
            {why ? (
              <>
                <span className="catalog-option-why">{why}</span>{' '}
              </>
            ) : null}
            {item.description ? (
              <Marked text={item.description} range={match?.field === 'description' ? match.range : undefined} />
            ) : null}
          </Text>
        ) : null}
      </span>
    </ListBoxItem>
  );
}
