import { BASIC_CATALOG_ID } from '@/domain/a2ui/catalog';
import { foldEnvelopes, type Surface } from '@/domain/a2ui/surface';

// A2UI surfaces for tests, written as a current server streams them (CURRENT-SERVERS.md §3.1).

const v = 'v0.9.1';

/** The envelopes of one surface: create, components, then the data model at "/". */
export function envelopesOf(surfaceId: string, components: unknown[], dataModel: unknown = {}): unknown[] {
  return [
    { version: v, createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID } },
    { version: v, updateComponents: { surfaceId, components } },
    { version: v, updateDataModel: { surfaceId, path: '/', value: dataModel } },
  ];
}

export function surfaceOf(components: unknown[], dataModel: unknown = {}, surfaceId = 's1'): Surface {
  const [surface] = foldEnvelopes(envelopesOf(surfaceId, components, dataModel));
  if (!surface) throw new Error('the fixture must fold into a surface');
  return surface;
}

const required = (path: string, message = 'This field is required.') => ({
  condition: { call: 'required', args: { value: { path } } },
  message,
});

/** An approval form: a reason (required, a pattern), a priority, a confirm box, and Approve/Reject buttons. */
export const approvalComponents = [
  { id: 'root', component: 'Column', children: ['title', 'reason', 'priority', 'agree', 'buttons'] },
  { id: 'title', component: 'Text', text: 'Approve the release?', variant: 'h3' },
  {
    id: 'reason',
    component: 'TextField',
    label: 'Reason',
    value: { path: '/reason' },
    validationRegexp: '[A-Z].*',
    checks: [required('/reason')],
  },
  {
    id: 'priority',
    component: 'ChoicePicker',
    label: 'Priority',
    options: [
      { label: 'Low', value: 'low' },
      { label: 'High', value: 'high' },
    ],
    value: { path: '/priority' },
  },
  { id: 'agree', component: 'CheckBox', label: 'I checked the tests', value: { path: '/agree' } },
  { id: 'buttons', component: 'Row', children: ['approve', 'reject'] },
  {
    id: 'approve',
    component: 'Button',
    child: 'approve-label',
    variant: 'primary',
    action: { event: { name: 'approve' } },
  },
  { id: 'approve-label', component: 'Text', text: 'Approve' },
  { id: 'reject', component: 'Button', child: 'reject-label', action: { event: { name: 'reject' } } },
  { id: 'reject-label', component: 'Text', text: 'Reject' },
];
export const approvalModel = { reason: '', priority: ['low'], agree: false };

/** One of each of the 18 Basic Catalog components. */
export const allComponents = [
  {
    id: 'root',
    component: 'Column',
    children: ['heading', 'card', 'tabs', 'list', 'divider', 'modal', 'media', 'send'],
  },
  { id: 'heading', component: 'Text', text: { path: '/title' }, variant: 'h2' },
  { id: 'card', component: 'Card', child: 'card-row' },
  { id: 'card-row', component: 'Row', children: ['icon', 'name'] },
  { id: 'icon', component: 'Icon', name: 'person' },
  { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' }, variant: 'shortText' },
  {
    id: 'tabs',
    component: 'Tabs',
    tabs: [
      { title: 'Details', child: 'details' },
      { title: 'When', child: 'when' },
    ],
  },
  { id: 'details', component: 'Column', children: ['notes', 'subscribe', 'colours', 'volume'] },
  { id: 'notes', component: 'TextField', label: 'Notes', value: { path: '/notes' }, variant: 'longText' },
  { id: 'subscribe', component: 'CheckBox', label: 'Subscribe', value: { path: '/subscribe' } },
  {
    id: 'colours',
    component: 'ChoicePicker',
    label: 'Colours',
    variant: 'multipleSelection',
    options: [
      { label: 'Red', value: 'red' },
      { label: 'Blue', value: 'blue' },
    ],
    value: { path: '/colours' },
  },
  { id: 'volume', component: 'Slider', label: 'Volume', min: 0, max: 10, value: { path: '/volume' } },
  { id: 'when', component: 'DateTimeInput', label: 'Day', enableDate: true, value: { path: '/day' } },
  { id: 'list', component: 'List', children: { componentId: 'item', path: '/items' } },
  { id: 'item', component: 'Text', text: { path: 'label' } },
  { id: 'divider', component: 'Divider' },
  { id: 'modal', component: 'Modal', trigger: 'more', content: 'more-text' },
  { id: 'more', component: 'Button', child: 'more-label', action: { event: { name: 'noop' } } },
  { id: 'more-label', component: 'Text', text: 'More' },
  { id: 'more-text', component: 'Text', text: 'The fine print.' },
  { id: 'media', component: 'Column', children: ['image', 'video', 'audio'] },
  { id: 'image', component: 'Image', url: 'https://cdn.example.com/a.png', description: 'A chart' },
  { id: 'video', component: 'Video', url: 'https://cdn.example.com/a.mp4' },
  { id: 'audio', component: 'AudioPlayer', url: 'https://cdn.example.com/a.mp3', description: 'A jingle' },
  { id: 'send', component: 'Button', child: 'send-label', variant: 'primary', action: { event: { name: 'submit' } } },
  { id: 'send-label', component: 'Text', text: 'Send' },
];
export const allModel = {
  title: 'Tell us more',
  name: '',
  notes: '',
  subscribe: false,
  colours: [],
  volume: 3,
  day: '',
  items: [{ label: 'First item' }, { label: 'Second item' }],
};

/** Five components, each listing the next one many times: ~1.5 KB that ask for 13 million placements. */
export function fanOut(width = 60, levels = 5): unknown[] {
  return Array.from({ length: levels }, (_, level) => ({
    id: level === 0 ? 'root' : `l${level}`,
    component: level === levels - 1 ? 'Text' : 'Column',
    ...(level === levels - 1 ? { text: 'leaf' } : { children: Array.from({ length: width }, () => `l${level + 1}`) }),
  }));
}
