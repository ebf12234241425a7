export { ThoughtsPanel } from './thoughts-panel';
