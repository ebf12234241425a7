export { isDetailTab, type DetailTab } from './detail-tab';
export { InspectedClientProvider } from './use-request-log';
