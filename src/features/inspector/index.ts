export { isDetailTab, type DetailTab } from './detail-tab';
