import type { WireThought } from '@/domain/wire';

/** A thought as a server would stream it, named by its id; running unless the fields say otherwise. */
export const wireThought = (id: string, fields: Partial<WireThought> = {}): WireThought => ({
  id,
  parent_id: null,
  metadata: {},
  in_progress: true,
  input_text: '',
  message: '',
  author_type: 'Agent',
  author_name: id,
  output_format: 'text',
  children: [],
  ...fields,
});
