import { createContext, memo, useContext, useId } from 'react';
import { imageArtifacts, prettyJson, thoughtDurationSeconds } from '@/domain/thought-details';
import { thoughtStatus, type ThoughtNode, type ThoughtStatus } from '@/domain/thought-tree';
import { Markdown } from '@/ui/markdown';
import { LongText } from './long-text';
import { useThoughtViewStore } from './thought-view-store';

/** The conversation a tree belongs to: "hide tool outputs" is chosen per conversation. */
export const ThoughtScope = createContext('');

const typeIcon: Record<string, string> = { agent: '◆', tool: '⚙', system: 'ⓘ', workflowstate: '▣' };
const statusLabel: Record<ThoughtStatus, string> = {
  running: 'running',
  completed: 'completed',
  error: 'error',
  interrupted: 'interrupted',
  aborted: 'aborted',
};

function NodeMessage({ node }: { node: ThoughtNode }) {
  if (!node.message) return null;
  const format = node.outputFormat.toLowerCase();
  if (format === 'markdown') return <Markdown text={node.message} />;
  const pretty = format === 'json' || format === 'text' ? prettyJson(node.message) : { text: node.message, isJson: false };
  return <LongText text={pretty.text} className={pretty.isJson ? 'thought-output thought-json' : 'thought-output'} />;
}

function NodeBody({ node, level, hideToolOutput }: { node: ThoughtNode; level: number; hideToolOutput: boolean }) {
  const input = node.inputText ? prettyJson(node.inputText) : null;
  const images = imageArtifacts(node);
  const metadataKeys = Object.keys(node.metadata);
  return (
    <div className="thought-body">
      {input ? (
        <div className="thought-section">
          <p className="thought-section-title">Input</p>
          <LongText text={input.text} className="thought-output thought-json" />
        </div>
      ) : null}
      {hideToolOutput ? <p className="muted small">Tool output hidden.</p> : <NodeMessage node={node} />}
      {!hideToolOutput && images.length ? (
        <div className="thought-images">
          {images.map((image, index) => (
            <img key={index} src={image.src} alt={`Image ${index + 1} from ${node.authorName || 'the tool'}`} />
          ))}
        </div>
      ) : null}
      {metadataKeys.length ? (
        <details className="thought-metadata">
          <summary>Metadata ({metadataKeys.length})</summary>
          <pre className="thought-json">{JSON.stringify(node.metadata, null, 2)}</pre>
        </details>
      ) : null}
      {node.children.length ? (
        <ul className="thought-children" role="group">
          {node.children.map((child) => (
            <ThoughtNodeView key={child.id} node={child} level={level + 1} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** One thought: a disclosure button (the tree's keyboard handler moves between them) and, when open, its body. */
export const ThoughtNodeView = memo(function ThoughtNodeView({ node, level }: { node: ThoughtNode; level: number }) {
  const status = thoughtStatus(node);
  const choice = useThoughtViewStore((state) => state.expanded[node.id]);
  const scope = useContext(ThoughtScope);
  const hideToolOutputs = useThoughtViewStore((state) => state.toolOutputsHidden[scope] === true);
  const open = choice ?? status === 'running';
  const bodyId = useId();
  const duration = thoughtDurationSeconds(node);
  const type = node.authorType.toLowerCase();
  const toolName = typeof node.metadata.tool_name === 'string' && node.metadata.tool_name !== node.authorName ? node.metadata.tool_name : null;
  return (
    <li className={`thought thought-${status}`} data-thought-id={node.id} data-status={status}>
      <button
        type="button"
        className="thought-header"
        aria-expanded={open}
        aria-controls={open ? bodyId : undefined}
        tabIndex={-1}
        data-thought-header=""
        data-level={level}
        onClick={() => useThoughtViewStore.getState().nodeToggled(node.id, !open)}
      >
        <span className="thought-chevron" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className="thought-icon" aria-hidden="true">
          {typeIcon[type] ?? '•'}
        </span>
        <span className="thought-author">{node.authorName || node.authorType}</span>
        {toolName ? <span className="mono small">{toolName}</span> : null}
        <span className="thought-type muted small">{node.authorType}</span>
        <span className={`thought-status status-${status}`}>
          {status === 'running' ? <span className="live-dot" aria-hidden="true" /> : null}
          {statusLabel[status]}
        </span>
        {node.orphaned ? <span className="thought-orphaned small">parent never arrived</span> : null}
        {duration !== undefined ? <span className="muted small mono">{duration.toFixed(1)} s</span> : null}
      </button>
      {open ? (
        <div id={bodyId}>
          <NodeBody node={node} level={level} hideToolOutput={hideToolOutputs && type === 'tool'} />
        </div>
      ) : null}
    </li>
  );
});
