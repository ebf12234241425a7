export { ThoughtsPanel } from './thoughts-panel';
export { useRevealThought } from './thought-view-store';
export { createThoughtsServices } from './thoughts-services';
