// A2UI v0.9.1 surfaces (Basic Catalog) as forms; A2uiBlock shows a turn's forms in the transcript.
export { A2uiSurfaceView, type A2uiSurfaceState, type A2uiSurfaceViewProps } from './a2ui-surface-view';
export type { A2uiAnswer } from '@/domain/a2ui/answer';
export { BASIC_CATALOG_ID } from '@/domain/a2ui/catalog';
export { foldEnvelopes, type Surface } from '@/domain/a2ui/surface';
