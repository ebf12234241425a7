import { useState } from 'react';
import type { TreeNode } from './platform-calls';

const allIds = (nodes: readonly TreeNode[]): string[] => nodes.flatMap((node) => [node.id, ...allIds(node.children)]);

function NodeView({
  node,
  expanded,
  toggle,
}: {
  node: TreeNode;
  expanded: ReadonlySet<string>;
  toggle(id: string): void;
}) {
  const open = expanded.has(node.id);
  return (
    <li>
      <button type="button" aria-expanded={open} onClick={() => toggle(node.id)}>
        {node.author_name}
      </button>
      {open ? (
        <>
          <pre>{node.message}</pre>
          <ul>
            {node.children.map((child) => (
              <NodeView key={child.id} node={child} expanded={expanded} toggle={toggle} />
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}

/** The thought tree the usual way: one expanded-id set at the top, every node re-rendered on any change. */
export function NaiveTree({ roots }: { roots: TreeNode[] }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <section className="tree" aria-label="Thoughts">
      <button type="button" onClick={() => setExpanded(new Set(allIds(roots)))}>
        Expand all
      </button>
      <ul>
        {roots.map((node) => (
          <NodeView key={node.id} node={node} expanded={expanded} toggle={toggle} />
        ))}
      </ul>
    </section>
  );
}
