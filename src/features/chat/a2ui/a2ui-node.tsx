import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Modal,
  ModalOverlay,
  Tab,
  TabList,
  TabPanel,
  Tabs,
} from 'react-aria-components';
import { useId } from 'react';
import { wordsOf } from '@/domain/a2ui/answer';
import { resolveString } from '@/domain/a2ui/binding';
import type { Component, ComponentOf } from '@/domain/a2ui/catalog';
import { DEPTH_CAP, templateScopes } from '@/domain/a2ui/tree';
import { buttonProblem } from '@/domain/a2ui/validate';
import { Button, type ButtonVariant } from '@/ui/button';
import type { RenderContext } from './a2ui-context';
import { InputView } from './a2ui-inputs';
import { IconView, MediaView } from './a2ui-media';
import { ProgressView, TextView } from './a2ui-text';
import { isPressable } from '@/domain/a2ui/functions/open-url';

// One component of a surface and what it holds, by id. Texts are plain text (React escapes them), or the catalog's
// simple markdown through the console's renderer (no raw HTML, no images loaded). A component referred to but not
// (yet) defined shows nothing; a cycle of ids is cut, and depth stops at DEPTH_CAP (the surface view counts
// placements before drawing any, tree.ts).

interface NodeProps {
  id: string;
  scope: string;
  ctx: RenderContext;
  /** The ids above this one, to cut cycles. */
  trail?: readonly string[];
}

const buttonVariants: Record<ComponentOf<'Button'>['variant'], ButtonVariant> = {
  default: 'default',
  primary: 'primary',
  borderless: 'quiet',
};

function Children({
  ids,
  scope,
  ctx,
  trail,
}: {
  ids: readonly string[];
  scope: string;
  ctx: RenderContext;
  trail: readonly string[];
}) {
  return ids.map((child, index) => <Node key={`${child}-${index}`} id={child} scope={scope} ctx={ctx} trail={trail} />);
}

function Layout({
  component,
  scope,
  ctx,
  trail,
}: {
  component: ComponentOf<'Row' | 'Column' | 'List'>;
  scope: string;
  ctx: RenderContext;
  trail: readonly string[];
}) {
  const horizontal = component.kind === 'Row' || (component.kind === 'List' && component.direction === 'horizontal');
  const classes = [
    'a2ui-layout',
    horizontal ? 'a2ui-row' : 'a2ui-column',
    `a2ui-align-${component.align}`,
    'justify' in component ? `a2ui-justify-${component.justify}` : '',
  ].join(' ');
  const children = component.children;
  const content = Array.isArray(children) ? (
    <Children ids={children} scope={scope} ctx={ctx} trail={trail} />
  ) : (
    templateScopes(children.path, ctx.model, scope).map((itemScope) => (
      <Node key={itemScope} id={children.componentId} scope={itemScope} ctx={ctx} trail={trail} />
    ))
  );
  if (component.kind !== 'List') return <div className={classes}>{content}</div>;
  return (
    <div className={`${classes} a2ui-list`} role="list">
      {Array.isArray(content)
        ? content.map((item, index) => (
            <div role="listitem" key={index}>
              {item}
            </div>
          ))
        : content}
    </div>
  );
}

function ActionButton({
  component,
  scope,
  ctx,
  trail,
}: {
  component: ComponentOf<'Button'>;
  scope: string;
  ctx: RenderContext;
  trail: readonly string[];
}) {
  const whyId = useId();
  const pressed = ctx.pressedId === component.id;
  // A Button whose checks fail is disabled (A2UI v0.9 protocol, "Example: button validation"), saying why.
  const blocked = ctx.disabled ? null : buttonProblem(component, ctx.model, scope);
  // The agent's accessible name for the Button (its `accessibility.label`), when its child says too little (an icon).
  const named = resolveString(component.accessibility?.label, ctx.model, scope);
  return (
    <span className="a2ui-button-place">
      <Button
        variant={buttonVariants[component.variant]}
        size="small"
        className={`a2ui-button${pressed ? ' a2ui-pressed' : ''}`}
        data-a2ui-id={component.id}
        disabled={ctx.disabled || !isPressable(component) || blocked !== null}
        aria-pressed={ctx.pressedId === null ? undefined : pressed}
        {...(blocked ? { 'aria-describedby': whyId } : {})}
        {...(named ? { 'aria-label': named } : {})}
        onClick={() => ctx.press(component, scope)}
      >
        {pressed ? <span aria-hidden="true">✓ </span> : null}
        <Node id={component.child} scope={scope} ctx={ctx} trail={trail} />
      </Button>
      {blocked ? (
        <span id={whyId} className="a2ui-button-why small muted">
          {blocked}
        </span>
      ) : null}
    </span>
  );
}

function ModalView({
  component,
  scope,
  ctx,
  trail,
}: {
  component: ComponentOf<'Modal'>;
  scope: string;
  ctx: RenderContext;
  trail: readonly string[];
}) {
  // The trigger opens the dialog; a Button used as a trigger sends nothing (the catalog's Modal trigger). The dialog
  // opens inside the answer, says who sent it, and looks like the agent's form, not like the console's own dialogs.
  const trigger = ctx.surface.components.get(component.trigger);
  const words = wordsOf(trigger, ctx.surface, ctx.model, scope) || 'More';
  const fromId = useId();
  return (
    <DialogTrigger>
      <AriaButton className="button button-small">{words}</AriaButton>
      <ModalOverlay
        className="a2ui-overlay"
        isDismissable
        {...(ctx.overlayContainer ? { UNSTABLE_portalContainer: ctx.overlayContainer } : {})}
      >
        <Modal className="a2ui-modal">
          <Dialog className="a2ui-dialog" aria-describedby={fromId}>
            <p id={fromId} className="a2ui-dialog-from small">
              From {ctx.agentName}, inside its answer
            </p>
            <Heading slot="title" className="a2ui-dialog-title">
              {words}
            </Heading>
            <Node id={component.content} scope={scope} ctx={ctx} trail={trail} />
            <div className="a2ui-row a2ui-justify-end">
              <AriaButton slot="close" className="button button-small">
                Close
              </AriaButton>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

function TabsView({
  component,
  scope,
  ctx,
  trail,
}: {
  component: ComponentOf<'Tabs'>;
  scope: string;
  ctx: RenderContext;
  trail: readonly string[];
}) {
  const tabs = component.tabs.map((tab, index) => ({
    key: `${index}`,
    title: resolveString(tab.title, ctx.model, scope) || `Tab ${index + 1}`,
    child: tab.child,
  }));
  return (
    <Tabs className="a2ui-tabs">
      <TabList className="a2ui-tab-list" aria-label={tabs.map((tab) => tab.title).join(', ')}>
        {tabs.map((tab) => (
          <Tab key={tab.key} id={tab.key} className="a2ui-tab">
            {tab.title}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.key} id={tab.key} className="a2ui-tab-panel" shouldForceMount>
          <Node id={tab.child} scope={scope} ctx={ctx} trail={trail} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

function ComponentView({
  component,
  scope,
  ctx,
  trail,
}: {
  component: Component;
  scope: string;
  ctx: RenderContext;
  trail: readonly string[];
}) {
  switch (component.kind) {
    case 'Text':
      return <TextView component={component} scope={scope} ctx={ctx} />;
    case 'Row':
    case 'Column':
    case 'List':
      return <Layout component={component} scope={scope} ctx={ctx} trail={trail} />;
    case 'Card':
      return (
        <div className="a2ui-card">
          <Node id={component.child} scope={scope} ctx={ctx} trail={trail} />
        </div>
      );
    case 'Tabs':
      return <TabsView component={component} scope={scope} ctx={ctx} trail={trail} />;
    case 'Modal':
      return <ModalView component={component} scope={scope} ctx={ctx} trail={trail} />;
    case 'Divider':
      return <hr className={`a2ui-divider a2ui-divider-${component.axis}`} aria-orientation={component.axis} />;
    case 'Button':
      return <ActionButton component={component} scope={scope} ctx={ctx} trail={trail} />;
    case 'Image':
    case 'Video':
    case 'AudioPlayer':
      return <MediaView component={component} scope={scope} ctx={ctx} />;
    case 'Icon':
      return <IconView component={component} scope={scope} ctx={ctx} />;
    case 'ProgressBar':
      return <ProgressView component={component} scope={scope} ctx={ctx} />;
    case 'unknown':
      return (
        <p className="a2ui-notice small" role="note">
          This form has a part the console cannot show: {component.name}
        </p>
      );
    default:
      return <InputView component={component} scope={scope} ctx={ctx} />;
  }
}

/** The component with this id, in this scope (in its share of a Row or Column when it has a `weight`). */
export function Node({ id, scope, ctx, trail = [] }: NodeProps) {
  const component = ctx.surface.components.get(id);
  if (!component || trail.includes(id) || trail.length > DEPTH_CAP) return null;
  const view = <ComponentView component={component} scope={scope} ctx={ctx} trail={[...trail, id]} />;
  const weight = 'weight' in component && typeof component.weight === 'number' ? Math.round(component.weight) : 0;
  if (weight < 1) return view;
  return <div className={`a2ui-weight a2ui-weight-${Math.min(weight, 4)}`}>{view}</div>;
}
