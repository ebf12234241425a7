export { ThoughtsPanel } from './thoughts-panel';
export { revealThought, setToolOutputsHiddenByDefault } from './thought-view-store';
