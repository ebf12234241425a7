export { ThoughtsPanel } from './thoughts-panel';
export { useRevealThought } from './thought-view-store';
export { createThoughtsServices } from './thoughts-services';
export { LayoutSwitch, useLayoutChoice, useThoughtsLayout } from './timeline/layout-switch';
export { StatesTimeline } from './timeline/states-timeline';
