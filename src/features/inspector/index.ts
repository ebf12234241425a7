export { InspectorPage } from './inspector-page';
export { isDetailTab, type DetailTab } from './detail-tab';
