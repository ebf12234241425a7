export { ThoughtsPanel } from './thoughts-panel';
export { useRevealThought } from './thought-view-store';
export { createThoughtsServices, type ThoughtsServices } from './thoughts-services';
export { ThoughtsServicesProvider } from './thoughts-services-provider';
export { LayoutSwitch } from './timeline/layout-switch';
export { StatesTimeline } from './timeline/states-timeline';
