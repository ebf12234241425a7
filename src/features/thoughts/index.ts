export { ThoughtsPanel } from './thoughts-panel';
export { setToolOutputsHiddenByDefault } from './thought-view-store';
