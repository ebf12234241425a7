export { ThoughtsPanel } from './thoughts-panel';
export { useRevealThought } from './thought-view-store';
export { createThoughtsServices, type ThoughtsServices } from './thoughts-services';
