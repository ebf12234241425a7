// The A2UI v0.9 surfaces the Asking Assistant shows on current servers (CURRENT-SERVERS.md §3), in Basic Catalog
// component objects. Three demos: a deployment approval, a release form, and one surface using all 18 components.

export const basicCatalogId = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
export const a2uiVersion = 'v0.9.1';

/** One Basic Catalog component: its id, its type, and the type's properties. */
export interface A2uiComponent {
  id: string;
  component: string;
  [property: string]: unknown;
}

export interface DemoSurface {
  /** What the surface asks, in words (the plain-text question when the tool is not offered). */
  question: string;
  components: A2uiComponent[];
  dataModel: Record<string, unknown>;
}

/** Where the demo media are: the platform's own media route, and a public video (a real server's agent links out). */
export interface MediaUrls {
  image: string;
  audio: string;
  video: string;
}

export const externalVideoUrl = 'https://interactive-examples.mdn.mozilla.net/media/cc0-videos/flower.webm';

const text = (id: string, value: string, variant?: string): A2uiComponent => ({
  id,
  component: 'Text',
  text: value,
  ...(variant ? { variant } : {}),
});

/** A Button labelled by a Text child; `name` is the action it submits. */
const button = (id: string, label: string, name: string, variant?: string): A2uiComponent[] => [
  { id, component: 'Button', child: `${id}-label`, action: { event: { name } }, ...(variant ? { variant } : {}) },
  text(`${id}-label`, label),
];

const bound = (path: string) => ({ path: `/${path}` });

export const approvalSurface: DemoSurface = {
  question: 'Before I deploy: do you approve? Reply with approve or reject and a reason.',
  components: [
    { id: 'root', component: 'Column', children: ['title', 'reason', 'choices'] },
    text('title', 'Deploy to production?', 'h3'),
    {
      id: 'reason',
      component: 'TextField',
      label: 'Reason',
      value: bound('reason'),
      variant: 'shortText',
      validationRegexp: '^.{3,}$',
    },
    { id: 'choices', component: 'Row', children: ['approve', 'reject'] },
    ...button('approve', 'Approve', 'approve', 'primary'),
    ...button('reject', 'Reject', 'reject'),
  ],
  dataModel: { reason: '' },
};

export const formSurface: DemoSurface = {
  question:
    'To plan the release I need: environments (staging, production, canary), a priority (low or high), a due date, a contact email, a ticket and whether to notify the team.',
  components: [
    {
      id: 'root',
      component: 'Column',
      children: ['title', 'environments', 'priority', 'due', 'contact', 'ticket', 'notify', 'submit'],
    },
    text('title', 'Plan the release', 'h3'),
    {
      id: 'environments',
      component: 'ChoicePicker',
      label: 'Environments',
      variant: 'multipleSelection',
      options: [
        { label: 'Staging', value: 'staging' },
        { label: 'Production', value: 'production' },
        { label: 'Canary', value: 'canary' },
      ],
      value: bound('environments'),
    },
    {
      id: 'priority',
      component: 'ChoicePicker',
      label: 'Priority',
      options: [
        { label: 'Low', value: 'low' },
        { label: 'High', value: 'high' },
      ],
      value: bound('priority'),
    },
    {
      id: 'due',
      component: 'DateTimeInput',
      label: 'Due date',
      value: bound('due'),
      enableDate: true,
      enableTime: false,
      min: '2026-01-01',
      max: '2027-12-31',
    },
    {
      id: 'contact',
      component: 'TextField',
      label: 'Contact email',
      value: bound('contact'),
      variant: 'shortText',
      validationRegexp: '^$|^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
    },
    {
      id: 'ticket',
      component: 'TextField',
      label: 'Ticket',
      value: bound('ticket'),
      variant: 'shortText',
      validationRegexp: '^$|^[A-Z]+-\\d+$',
    },
    { id: 'notify', component: 'CheckBox', label: 'Notify the team', value: bound('notify') },
    ...button('submit', 'Plan it', 'submit', 'primary'),
  ],
  dataModel: { environments: [], priority: [], due: '', contact: '', ticket: '', notify: false },
};

/** Every Basic Catalog component at least once: layout, content, media, inputs of every kind, a modal. */
export function everythingSurface(media: MediaUrls): DemoSurface {
  return {
    question:
      'I would show you every kind of control here. Tell me a name, a size (small, medium or large), toppings, a volume from 0 to 10 and a delivery time in 2026 or 2027.',
    components: [
      { id: 'root', component: 'Column', children: ['header', 'intro', 'tabs', 'divider', 'help', 'actions'] },
      { id: 'header', component: 'Row', children: ['header-icon', 'header-title'], align: 'center' },
      { id: 'header-icon', component: 'Icon', name: 'info' },
      text('header-title', 'Every component', 'h2'),
      { id: 'intro', component: 'Card', child: 'intro-body' },
      { id: 'intro-body', component: 'Column', children: ['intro-text', 'picture'] },
      text('intro-text', 'A card holding a text and an image.', 'caption'),
      {
        id: 'picture',
        component: 'Image',
        url: media.image,
        description: 'A blue square with a white check mark',
        fit: 'contain',
        variant: 'smallFeature',
      },
      {
        id: 'tabs',
        component: 'Tabs',
        tabs: [
          { title: 'Choices', child: 'choices-tab' },
          { title: 'Details', child: 'details-tab' },
          { title: 'Media', child: 'media-tab' },
        ],
      },
      { id: 'choices-tab', component: 'Column', children: ['size', 'toppings', 'agree'] },
      {
        id: 'size',
        component: 'ChoicePicker',
        label: 'Size',
        variant: 'mutuallyExclusive',
        options: [
          { label: 'Small', value: 'small' },
          { label: 'Medium', value: 'medium' },
          { label: 'Large', value: 'large' },
        ],
        value: bound('size'),
      },
      {
        id: 'toppings',
        component: 'ChoicePicker',
        label: 'Toppings',
        variant: 'multipleSelection',
        options: [
          { label: 'Cheese', value: 'cheese' },
          { label: 'Olives', value: 'olives' },
          { label: 'Basil', value: 'basil' },
        ],
        value: bound('toppings'),
      },
      { id: 'agree', component: 'CheckBox', label: 'I accept the terms', value: bound('agree') },
      {
        id: 'details-tab',
        component: 'Column',
        children: ['name', 'notes', 'quantity', 'secret', 'volume', 'when'],
      },
      {
        id: 'name',
        component: 'TextField',
        label: 'Name (required)',
        value: bound('name'),
        variant: 'shortText',
        validationRegexp: '^\\S.*$',
        checks: [{ condition: { call: 'required', args: { value: bound('name') } }, message: 'Name is required' }],
      },
      { id: 'notes', component: 'TextField', label: 'Notes', value: bound('notes'), variant: 'longText' },
      { id: 'quantity', component: 'TextField', label: 'Quantity', value: bound('quantity'), variant: 'number' },
      { id: 'secret', component: 'TextField', label: 'Passphrase', value: bound('secret'), variant: 'obscured' },
      { id: 'volume', component: 'Slider', label: 'Volume', min: 0, max: 10, value: bound('volume') },
      {
        id: 'when',
        component: 'DateTimeInput',
        label: 'Delivery time',
        value: bound('when'),
        enableDate: true,
        enableTime: true,
        min: '2026-01-01T00:00:00',
        max: '2027-12-31T23:59:00',
      },
      { id: 'media-tab', component: 'List', children: ['clip', 'sound'], direction: 'vertical' },
      { id: 'clip', component: 'Video', url: media.video },
      { id: 'sound', component: 'AudioPlayer', url: media.audio, description: 'A short 440 Hz tone' },
      { id: 'divider', component: 'Divider', axis: 'horizontal' },
      // A Modal's trigger opens it; it submits nothing (real servers do not count it as an offered action).
      { id: 'help', component: 'Modal', trigger: 'help-open', content: 'help-text' },
      ...button('help-open', 'What is this?', 'open_help', 'borderless'),
      text('help-text', 'This surface shows every component of the A2UI Basic Catalog.'),
      { id: 'actions', component: 'Row', children: ['cancel', 'submit'], justify: 'end' },
      ...button('cancel', 'Cancel', 'cancel', 'borderless'),
      ...button('submit', 'Submit', 'submit', 'primary'),
    ],
    dataModel: {
      size: [],
      toppings: [],
      agree: false,
      name: '',
      notes: '',
      quantity: '',
      secret: '',
      volume: 5,
      when: '',
    },
  };
}

/**
 * A small hostile form: a few components, each listing the next one 60 times (~1.5 KB of components asking for
 * 60^4 ≈ 13 million placements). A renderer that draws shared children once per parent freezes on it.
 */
export const fanOutSurface: DemoSurface = {
  question: 'Answer the fan-out question.',
  components: [
    { id: 'root', component: 'Column', children: [...Array.from({ length: 60 }, () => 'l1'), 'send'] },
    { id: 'l1', component: 'Column', children: Array.from({ length: 60 }, () => 'l2') },
    { id: 'l2', component: 'Row', children: Array.from({ length: 60 }, () => 'l3') },
    { id: 'l3', component: 'Row', children: Array.from({ length: 60 }, () => 'leaf') },
    text('leaf', 'x'),
    ...button('send', 'Send', 'submit'),
  ],
  dataModel: {},
};

/** The demo a question asks for: "everything"/"all components", "fan-out", "form", else the deployment approval. */
export function surfaceFor(question: string, media: MediaUrls): DemoSurface {
  if (/\beverything\b|\ball components\b/i.test(question)) return everythingSurface(media);
  if (/\bfan-?out\b/i.test(question)) return fanOutSurface;
  if (/\bform\b/i.test(question)) return formSurface;
  return approvalSurface;
}
