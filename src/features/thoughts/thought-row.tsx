import { memo, useId, type CSSProperties } from 'react';
import { imageArtifacts, prettyJson, thoughtDurationSeconds } from '@/domain/thoughts/thought-details';
import { thoughtStatus, type ThoughtNode, type ThoughtStatus } from '@/domain/thoughts/thought-tree';
import { Markdown } from '@/ui/markdown/markdown';
import { LongText } from './long-text';
import { pageChars } from './text-cut';
import { useThoughtViewStore } from './thought-view-store';
import { isToolCall, ToolWait } from './tool-wait';
import type { TreeRow } from './visible-rows';
import '@/ui/live-dot.css';
import './thoughts.css';

const typeIcon: Record<string, string> = { agent: '◆', tool: '⚙', system: 'ⓘ', workflowstate: '▣' };
const statusLabel: Record<ThoughtStatus, string> = {
  running: 'running',
  completed: 'completed',
  error: 'error',
  interrupted: 'interrupted',
  aborted: 'aborted',
  waiting: 'waiting for you',
};

interface ContentProps {
  node: ThoughtNode;
  open: boolean;
  hideOutput: boolean;
  turnId: string;
  headerId: string;
}

function NodeMessage({ node, turnId }: { node: ThoughtNode; turnId: string }) {
  if (!node.message) return null;
  const format = node.outputFormat.toLowerCase();
  if (format === 'markdown' && node.message.length <= pageChars) {
    // Focusable: while the node runs this is a scroll box of bounded height, which the keyboard must reach.
    return (
      <div className="thought-markdown" tabIndex={0}>
        <Markdown text={node.message} />
      </div>
    );
  }
  const pretty =
    format === 'json' || format === 'text' ? prettyJson(node.message) : { text: node.message, isJson: false };
  const className = pretty.isJson ? 'thought-output thought-json' : 'thought-output';
  return <LongText text={pretty.text} className={className} turnId={turnId} textKey={`${node.id}:message`} />;
}

function NodeBody({ node, hideOutput, turnId }: Omit<ContentProps, 'open' | 'headerId'>) {
  const input = node.inputText ? prettyJson(node.inputText) : null;
  const images = imageArtifacts(node);
  const metadataKeys = Object.keys(node.metadata);
  return (
    <div className="thought-body">
      {input ? (
        <div className="thought-section">
          <p className="thought-section-title">Input</p>
          <LongText
            text={input.text}
            className="thought-output thought-json"
            turnId={turnId}
            textKey={`${node.id}:input`}
          />
        </div>
      ) : null}
      {hideOutput ? <p className="muted small">Tool output hidden.</p> : <NodeMessage node={node} turnId={turnId} />}
      {!hideOutput && images.length ? (
        <div className="thought-images">
          {images.map((image, index) => (
            <img key={index} src={image.src} alt={`Image ${index + 1} from ${node.authorName || 'the tool'}`} />
          ))}
        </div>
      ) : null}
      {metadataKeys.length ? (
        <details className="thought-metadata">
          <summary>Metadata ({metadataKeys.length})</summary>
          <LongText
            text={JSON.stringify(node.metadata, null, 2)}
            className="thought-json"
            turnId={turnId}
            textKey={`${node.id}:metadata`}
          />
        </details>
      ) : null}
    </div>
  );
}

const clockTime = (at: number) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** A node's header and, when open, its details. Its children are rows of their own. */
function RowContent({ node, open, hideOutput, turnId, headerId }: ContentProps) {
  const status = thoughtStatus(node);
  const duration = thoughtDurationSeconds(node);
  const type = node.authorType.toLowerCase();
  const named = node.metadata.tool_name;
  const toolName = typeof named === 'string' && named !== node.authorName ? named : null;
  return (
    <>
      <div id={headerId} className="thought-header">
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
        {status === 'running' && isToolCall(node) ? <ToolWait waitKey={`${turnId}:${node.id}`} /> : null}
        {node.decision ? (
          <span className={`thought-decision small thought-decision-${node.decision.action}`}>
            {node.decision.action === 'allow' ? 'Allowed' : 'Denied'}{' '}
            {node.decision.standing ? 'by your standing choice for this chat' : 'by you'} at{' '}
            {clockTime(node.decision.at)}
          </span>
        ) : null}
        {node.orphaned ? <span className="thought-orphaned small">parent never arrived</span> : null}
        {duration !== undefined ? <span className="muted small mono">{duration.toFixed(1)} s</span> : null}
      </div>
      {open ? <NodeBody node={node} hideOutput={hideOutput} turnId={turnId} /> : null}
    </>
  );
}

/** Same node as far as its row shows: a node is copied whenever something below it changes, which its row does not show. */
function sameNode(before: ThoughtNode, after: ThoughtNode): boolean {
  if (before === after) return true;
  for (const key of Object.keys(after) as (keyof ThoughtNode)[]) {
    if (key !== 'children' && before[key] !== after[key]) return false;
  }
  return Object.keys(before).length === Object.keys(after).length;
}

const MemoContent = memo(
  RowContent,
  (before, after) =>
    before.open === after.open &&
    before.hideOutput === after.hideOutput &&
    before.turnId === after.turnId &&
    before.headerId === after.headerId &&
    sameNode(before.node, after.node),
);

interface ThoughtRowProps {
  row: TreeRow;
  index: number;
  tabStop: boolean;
  hideOutput: boolean;
  turnId: string;
}

/**
 * One treeitem: focusable (the tree moves focus between them), named by its header, placed by level and position.
 * Only this thin shell re-renders when a sibling arrives; the content re-renders when its own node changes.
 */
export function ThoughtRow({ row, index, tabStop, hideOutput, turnId }: ThoughtRowProps) {
  const headerId = useId();
  const nodeToggled = useThoughtViewStore((state) => state.nodeToggled);
  const { node, level } = row;
  const status = thoughtStatus(node);
  return (
    <div
      role="treeitem"
      aria-level={level}
      aria-setsize={row.setSize}
      aria-posinset={row.posInSet}
      aria-expanded={row.open}
      aria-labelledby={headerId}
      tabIndex={tabStop ? 0 : -1}
      className={`thought thought-${status}`}
      style={{ '--thought-level': level - 1 } as CSSProperties}
      data-index={index}
      data-level={level}
      data-thought-id={node.id}
      data-thought-header=""
      data-status={status}
      onClick={(event) => {
        // The header toggles; clicks in the details (links, "Show more", selecting text) are their own.
        if (event.target instanceof Element && event.target.closest('.thought-body')) return;
        nodeToggled(turnId, node.id, !row.open);
      }}
    >
      <MemoContent node={node} open={row.open} hideOutput={hideOutput} turnId={turnId} headerId={headerId} />
    </div>
  );
}
