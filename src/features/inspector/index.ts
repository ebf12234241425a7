export { InspectorPage } from './inspector-page';
